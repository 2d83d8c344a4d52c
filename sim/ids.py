"""Integer identifiers shared by the tables, the engine and the Python API.

Names (as the data files spell them) map to these ids in `sim.tables`; the engine only sees ints.
"""

# Companies (COMPANY-*), in data-file order.
COMPANY_NAMES = ("USA", "Germany", "Italy", "France", "Netherlands")
USA, GERMANY, ITALY, FRANCE, NETHERLANDS = 0, 1, 2, 3, 4
N_BASE_COMPANIES = 4   # Netherlands only with the Leeghwater Project (COMPANY-NED-01)

# Executive officers (OFFICER-*), in data-file order: the base game, Leeghwater, the promo packs. Which of them
# the engine plays and which module deals them: sim.officer_pool.
OFFICER_NAMES = (
    "Wilhelm Adler", "Graziano Del Monte", "Viktor Fiesler", "Jill McDowell",
    "Solomon P. Jordan", "Anton Krylov", "Mahiri Sekibo",
    "Tommaso Battista", "Simone Luciani", "Leslie Spencer", "Margot Fouche",
    "Elon Audia", "Gennaro Grasso", "Wu Fang", "Dr. Octavius", "Amir Zahir",
)
WILHELM, GRAZIANO, VIKTOR, JILL, SOLOMON, ANTON, MAHIRI = range(7)
TOMMASO, SIMONE, LESLIE, MARGOT, ELON, GENNARO, WU, OCTAVIUS, AMIR = range(7, 16)
N_OFFICERS = 16
NO_OFFICER = -1

# Ability values: the numbers of the companies' and officers' abilities, each in the `ability_values` of its owner's
# entry in components.yaml and compiled to T.ability[AV_*]. (owner, key, lowest, highest value the engine plays;
# payments encode machinery counts below 32, sim.rules.construct.encode_payment.)
ABILITY_VALUES = (
    ("USA", "energy_per_drop", 0, 10),                            # COMPANY-USA-01
    ("Italy", "energy_per_production", 0, 30),                    # COMPANY-ITA-01
    ("France", "contract_reduction", 0, 30),                      # COMPANY-FRA-01
    ("Netherlands", "drops_after_production", 0, 5),              # COMPANY-NED-01
    ("Wilhelm Adler", "base_excavators", 0, 15),                  # OFFICER-WILHELM-01
    ("Graziano Del Monte", "level_3_capacity", 0, 10),            # OFFICER-GRAZIANO-01
    ("Viktor Fiesler", "production_minimum", 0, 30),              # OFFICER-VIKTOR-01
    ("Jill McDowell", "mixers_per_production_value", 0, 5),       # OFFICER-JILL-01
    ("Solomon P. Jordan", "credits_per_machinery", 0, 20),        # OFFICER-SOLOMON-01
    ("Leslie Spencer", "rotate_wheel", 0, 5),                     # OFFICER-LESLIE-01
    ("Wu Fang", "energy_per_drop", 0, 10),                        # OFFICER-WU-01
)
(AV_USA_ENERGY_PER_DROP, AV_ITALY_ENERGY, AV_FRANCE_REDUCTION, AV_NETHERLANDS_DROPS, AV_WILHELM_BASE_EXCAVATORS,
 AV_GRAZIANO_CAPACITY, AV_VIKTOR_MINIMUM, AV_JILL_MIXERS_PER_VALUE, AV_SOLOMON_CREDITS, AV_LESLIE_ROTATE,
 AV_WU_ENERGY_PER_DROP) = range(11)
N_ABILITY_VALUES = 11

# Areas (TERM-03).
AREA_NAMES = ("mountain", "hill", "plain")
MOUNTAIN, HILL, PLAIN = 0, 1, 2

# Structure types.
STRUCTURE_NAMES = ("base", "elevation", "conduit", "powerhouse")
BASE, ELEVATION, CONDUIT, POWERHOUSE = 0, 1, 2, 3
WILD = 4  # tile structure: builds any type

# Technology tiles: 5 basic (wild only in the introductory game), 15 advanced, Anton's special tile.
TILE_NAMES = (
    "base", "elevation", "conduit", "powerhouse", "wild",
    "L1_base", "L1_elevation", "L1_conduit", "L1_powerhouse", "L1_wild",
    "L2_base", "L2_elevation", "L2_conduit", "L2_powerhouse", "L2_wild",
    "L3_base", "L3_elevation", "L3_conduit", "L3_powerhouse", "L3_wild",
    "anton",
    "building", "L1_building", "L2_building", "L3_building", "leslie",
)
T_BASIC_WILD = 4
T_L1_BASE, T_L1_ELEV, T_L1_COND, T_L1_PH, T_L1_WILD = 5, 6, 7, 8, 9
T_L2_BASE, T_L2_ELEV, T_L2_COND, T_L2_PH, T_L2_WILD = 10, 11, 12, 13, 14
T_L3_BASE, T_L3_ELEV, T_L3_COND, T_L3_PH, T_L3_WILD = 15, 16, 17, 18, 19
T_ANTON = 20
# The Leeghwater Project (LWP-01): the basic building tile, the advanced building tiles (piles I/II/III) and Leslie
# Spencer's special tile; appended so that the base game's tile ids stay as they were.
T_BUILDING, T_L1_BUILDING, T_L2_BUILDING, T_L3_BUILDING, T_LESLIE = 21, 22, 23, 24, 25
N_TILES = 26
FIRST_ADVANCED_TILE, N_ADVANCED_TILES = 5, 15
TILE_NOT_OWNED, TILE_IN_SUPPLY = -1, 6  # tile location; 0..5 = wheel segment

# Geological tokens (GEO-*), in data-file order; a blank token is never left on the map (GEO-04).
GEO_TOKEN_NAMES = ("conduit_pairs", "elevation_mixer", "elevation_credits", "powerhouse_excavators",
                   "powerhouse_free", "base_credits", "base_excavators", "conduit_engineers")
(GEO_CONDUIT_EM, GEO_ELEV_MIX, GEO_ELEV_CR, GEO_PH_EXC, GEO_PH_FREE, GEO_BASE_CR, GEO_BASE_EXC,
 GEO_CONDUIT_ENG) = range(8)
GEO_BLANK = 8
GEO_NONE = -1

# Contract colours / kinds.
CONTRACT_KIND_NAMES = ("green", "yellow", "red", "starting", "national")
GREEN, YELLOW, RED, STARTING, NATIONAL = 0, 1, 2, 3, 4
# Contract states.
CS_BOX, CS_PILE, CS_DISPLAY, CS_HAND, CS_FULFILLED, CS_NATIONAL_BOARD, CS_DISCARDED, CS_DEALT = range(8)
CS_COLOUR_DISCARD = 8   # discarded by an Automa's contract office; rebuilds an exhausted pile (AUTOMA-20)

# Reward keys (REWARD-*), column order of the reward table.
REWARD_KEYS = (
    "credits", "vp", "excavators", "mixers", "any_machine", "energy", "rotate_wheel",
    "drops_flowing_now", "drops_to_headstreams", "free_base", "free_conduit_max_value",
    "free_powerhouse", "free_elevation", "fulfill_own_contract_max", "energy_produced", "free_advanced_tile",
)
(RK_CREDITS, RK_VP, RK_EXC, RK_MIX, RK_ANY_MACHINE, RK_ENERGY, RK_ROTATE, RK_DROPS_NOW,
 RK_DROPS_HEAD, RK_FREE_BASE, RK_FREE_CONDUIT, RK_FREE_PH, RK_FREE_ELEV, RK_FULFIL_OWN,
 RK_ENERGY_PRODUCED, RK_FREE_ADV_TILE) = range(16)
# The Colorado Connection (REWARD-13/14, COLO-BTILE/STILE/CONTRACT/EXT-*; colorado.yaml reward_keys_added): resolved
# by sim.rules.colorado. `settlement_bonus_of_type` stores the type + 1 (A = 1, B = 2, C = 3); the Elevation of
# COLO-EXT-03 that may go on a bridged dam is `free_elevation_on_bridged_dam` (tables fold the data's flag into it).
REWARD_KEYS += (
    "take_private_contracts", "production_action", "production_action_bonus", "take_back_machinery_per_segment",
    "construction_without_engineers", "drop_into_each_own_dam", "energy_sum_of_own_conduit_values",
    "vp_per_2_credits", "free_bridge", "free_bridge_on_that_base", "own_bridge_effects", "settlement_bonus_of_type",
    "free_elevation_on_bridged_dam",
)
(RK_TAKE_CONTRACTS, RK_PRODUCTION, RK_PRODUCTION_BONUS, RK_TAKE_BACK, RK_CONSTRUCTION, RK_DROP_EACH_DAM,
 RK_ENERGY_CONDUITS, RK_VP_PER_2_CREDITS, RK_FREE_BRIDGE, RK_FREE_BRIDGE_ON_BASE, RK_OWN_BRIDGE_EFFECTS,
 RK_SETTLEMENT_BONUS, RK_FREE_ELEV_BRIDGED) = range(16, 29)
FIRST_COLORADO_KEY = RK_TAKE_CONTRACTS
# DECISION-38: the reward parts that may have no legal option (sim.rules.colorado.reward_performable checks each);
# a tile bonus without any of them is always performable.
CONDITIONAL_REWARD_KEYS = (RK_PRODUCTION, RK_PRODUCTION_BONUS, RK_TAKE_CONTRACTS, RK_CONSTRUCTION, RK_DROP_EACH_DAM,
                           RK_TAKE_BACK, RK_FREE_CONDUIT)
N_REWARD_KEYS = 29
FULFIL_ANY = 99  # "fulfill_own_contract_max: any"

# Management-board row kinds (§6).
ROW_KIND_NAMES = ("turbine", "water_2_delayed", "water_1_now", "workshop", "machinery_exc",
                  "machinery_any", "machinery_exc_mix", "contract_take", "patent")
(K_TURBINE, K_WATER2, K_WATER1, K_WORKSHOP, K_MACH_EXC, K_MACH_ANY, K_MACH_EM, K_CONTRACT,
 K_PATENT) = range(9)

# Bonus tiles (BONUS-04) and objective tiles (OBJECTIVE-*), in data-file order.
BONUS_NAMES = ("contracts", "bases", "elevations", "conduits", "powerhouses", "advanced_tiles", "external_works",
               "buildings", "bridges")
B_CONTRACTS, B_BASES, B_ELEVATIONS, B_CONDUITS, B_POWERHOUSES, B_ADVANCED, B_EXTWORKS, B_BUILDINGS = range(8)
B_BRIDGES = 8      # The Colorado Connection only (COLO-SETUP-03, COLO-BONUS-01)
N_BASE_BONUS = 6   # external_works and buildings only with the Leeghwater Project (LWP-SETUP-04)
OBJECTIVE_NAMES = ("paying_spaces", "best_area", "connections", "weakest_area", "basins_with_1",
                   "basins_with_3", "bridge_dams")
O_PAYING, O_BEST_AREA, O_CONNECTIONS, O_WEAKEST_AREA, O_BASINS1, O_BASINS3 = range(6)
O_BRIDGE_DAMS = 6  # The Colorado Connection only (COLO-SETUP-03, COLO-OBJ-01, OBJECTIVE-07)
N_BASE_OBJECTIVES = 6

# VP sources (the result's VP breakdown; they sum to VP).
VP_SOURCE_NAMES = ("start", "energy_award", "energy_track", "bonus_tiles", "objective", "resources",
                   "dams", "contracts", "incomes", "conduits", "tiles", "buildings", "external_works", "duel")
(VS_START, VS_ENERGY_AWARD, VS_ENERGY_TRACK, VS_BONUS, VS_OBJECTIVE, VS_RESOURCES, VS_DAMS,
 VS_CONTRACTS, VS_INCOMES, VS_CONDUITS, VS_TILES, VS_BUILDINGS, VS_EXTWORKS, VS_DUEL) = range(14)
N_VP_SOURCES = 14   # "buildings"/"external_works": The Leeghwater Project; "duel": the duel board's reward tiles and
#                     end-of-game markers (DUEL-REWARD-*, DUEL-END-01)

# Game phases (ROUND-02).
PHASE_NAMES = ("setup", "income", "actions", "water_flow", "scoring", "end_of_round", "over", "check")
PH_SETUP, PH_INCOME, PH_ACTIONS, PH_WATER, PH_SCORING, PH_EOR, PH_OVER = range(7)
PH_CHECK = 7   # Barrage: Duel, between Water Flow and Scoring (DUEL-CHECK-01); numbered last to keep the others

NEUTRAL = 4  # dam owner of a neutral dam
NOBODY = -1

# Engine tasks on the decision stack. A *choice* task waits for a move; an *auto* task resolves itself.
# Frame = [kind, player, a0, a1, a2, a3, a4, a5].
(TK_SETUP_PICK, TK_MAIN, TK_BUILD, TK_PAY, TK_PRODUCE, TK_FULFIL, TK_DROP, TK_TAKE_CONTRACT,
 TK_DISCARD, TK_MACHINE, TK_FREE_PLACE, TK_MAHIRI, TK_GEO_DROP) = range(13)
# Leeghwater choices (sim.rules.lwp): a dam for a drop (Cofferdam, Netherlands), a wheel tile (Development Office),
# a wheel segment and split (Research Lab), an external work (Loan Agency, Automa-free), a displayed advanced tile
# (REWARD-12), whether to use the just-activated building's action (ADV-L1-BUILDING-01).
TK_LWP_DAM, TK_LWP_WHEEL_TILE, TK_LWP_SEGMENT, TK_LWP_EXTWORK, TK_LWP_ADV_TILE, TK_LWP_L1_ACTION = range(13, 19)
TK_MORE_DAMS = 19      # Dr. Octavius: another dam for the production (OFFICER-OCTAVIUS-01)
# The Colorado Connection choices (sim.rules.colorado): a bridge tile and the dam it goes on (COLO-BRIDGE-02,
# COLO-CONTRACT-01, COLO-EXT-01), a settlement tile of a type (COLO-CONTRACT-03, COLO-EXT-02, COLO-HELI-01), own
# bridge tiles whose effects to gain (COLO-CONTRACT-02), the machinery taken back from a wheel segment (COLO-STILE-A-01).
TK_COLO_BRIDGE, TK_COLO_SETTLE_TILE, TK_COLO_OWN_BRIDGES, TK_COLO_SEGMENT = range(20, 24)
FIRST_AUTO_TASK = 24
(TK_SETUP_DONE, TK_START_ROUND, TK_INCOME, TK_HEADSTREAMS, TK_ACTIONS_START, TK_TURN, TK_END_TURN,
 TK_WATER_PHASE, TK_SCORING, TK_END_OF_ROUND, TK_ROTATE, TK_AFTER_PRODUCTION, TK_CHECK_HAND,
 TK_REFILL, TK_TILE_EFFECT, TK_REWARD_PART, TK_AUTOMA_PROXY_END, TK_LWP_BUILDING_ACTION) = range(24, 42)
TK_DUEL_CHECK, TK_DUEL_REWARD = 42, 43   # Barrage: Duel: check one row (a0); give a reward tile (DUEL-CHECK-*)
TK_ARCHITECT_TURN = 44   # Tommaso's Architect: the extra turn after a move made by the Architect (OFFICER-TOMMASO-01)
TK_COLO_PART = 45        # Colorado: one Colorado reward part (a0 = key, a1 = amount), sim.rules.colorado
TK_COLO_END_BRIDGED_ELEV = 46   # Colorado: the free Elevation of COLO-EXT-03 is placed (or skipped); bridged dams
#                                 are closed to Elevations again (COLO-BRIDGE-04)
TASK_NAMES = {
    TK_SETUP_PICK: "choose a company and starting contract", TK_MAIN: "choose an action",
    TK_BUILD: "choose what to build, where, with which tile", TK_PAY: "choose how to pay",
    TK_PRODUCE: "choose a production", TK_FULFIL: "choose a contract to fulfil",
    TK_DROP: "choose a headstream for a drop", TK_TAKE_CONTRACT: "choose a contract to take",
    TK_DISCARD: "choose a contract to discard", TK_MACHINE: "choose machineries",
    TK_FREE_PLACE: "choose where to place a free structure", TK_MAHIRI: "choose an officer to copy",
    TK_GEO_DROP: "choose whether to put a drop into the dam (geological token)",
    TK_MORE_DAMS: "choose another dam for the production (Dr. Octavius)",
    TK_LWP_DAM: "choose a dam for a drop", TK_LWP_WHEEL_TILE: "choose a technology tile to take back",
    TK_LWP_SEGMENT: "choose a wheel segment and machineries to take back",
    TK_LWP_EXTWORK: "choose an external work", TK_LWP_ADV_TILE: "choose an advanced tile to take",
    TK_LWP_L1_ACTION: "choose whether to use the building's action (L1 Building tile)",
    TK_COLO_BRIDGE: "choose a bridge tile and the dam it goes on",
    TK_COLO_SETTLE_TILE: "choose a settlement tile whose bonus to gain",
    TK_COLO_OWN_BRIDGES: "choose a bridge tile on your dams whose effect to gain",
    TK_COLO_SEGMENT: "choose the machinery to take back from a wheel segment",
}

# Move payloads (interpretation depends on the task on top of the stack).
MV_BANK = 100          # MAIN: 100 + k engineers on the Bank
MV_CONSTRUCT = 200     # MAIN: construction action on the leftmost free company-board space
MV_FREE_TILE = 300     # MAIN: 300 + tile: engineer-free tile action (TECH-06)
MV_MAHIRI = 400        # MAIN: Mahiri's officer space
MV_PASS = 500          # MAIN: pass (TURN-09)
MV_BUILDING_SPACE = 600  # MAIN: 600 + building * 4 + space: a private building's action space (LWP-BUILD-05)
MV_EXTWORK = 700       # MAIN: 700 + slot: an external-works space (LWP-EXTWORK-01)
MV_EXTWORK_LESLIE = 710  # MAIN: 710 + slot: the same, paying onto Leslie's wheel (OFFICER-LESLIE-01)
MV_MARGOT = 720        # MAIN: 720 + building: Margot's officer space (OFFICER-MARGOT-01)
MV_WU = 800            # MAIN: Wu Fang's officer space (OFFICER-WU-01)
MV_GENNARO = 900       # MAIN: Gennaro Grasso's construction space (OFFICER-GENNARO-01)
MV_COLO_SITE = 1950    # MAIN: 1950 + area: a construction site, build a bridge (COLO-BRIDGE-01/02)
MV_COLO_SETTLE = 1960  # MAIN: 1960 + settlement space: activate a productive settlement (COLO-SETTLE-01..04)
MV_COLO_END = 1970     # [MV_COLO_SITE, MV_COLO_END) are Colorado moves, not Architect moves (2950.. are)
MV_ARCHITECT = 1000    # MAIN: 1000 + a 1-Engineer move (space, MV_CONSTRUCT, MV_WU, MV_GENNARO) made by the
                       # Architect alone: an extra turn follows (OFFICER-TOMMASO-01)
MV_DROP_NOW = 32       # DROP: 32 + headstream: Amir's delayed drop flows at once (OFFICER-AMIR-01)
MV_DROP_INTO_DAM = 64  # DROP: 64 + dam: Amir's immediate drop goes straight into his dam (OFFICER-AMIR-01)
MV_SKIP = 1 << 20      # optional decisions: decline (MAIN: decline the Architect's extra turn)
MV_NONE = 999          # FULFIL: fulfil nothing; DROP: place no more drops

# Solo Automa (AUTOMA-*): entry kinds of a card's action list and placement criteria, in the names of automa.yaml.
AUTOMA_DO_NAMES = ("produce", "water_management", "construct", "workshop", "machinery_shop", "contract_office",
                   "patent_office", "external_work", "bank")
(AD_PRODUCE, AD_WATER, AD_CONSTRUCT, AD_WORKSHOP, AD_MACHINE, AD_CONTRACT, AD_PATENT, AD_EXTERNAL,
 AD_BANK) = range(9)
AUTOMA_ENDING = (True, False, True, True, True, False, True, True, True)   # AUTOMA-11
BUILDING = 5  # construct/patent target "building" (Leeghwater only, AUTOMA-23)
AUTOMA_CRITERIA_NAMES = (
    "strongest_built_conduit", "linked_to_own_powerhouse", "fed_by_upstream_powerhouse", "red_outlined_space",
    "links_to_basin_with_own_dam", "most_drops_receivable", "highest_production", "second_highest_production",
    "dam_owner_own>neutral>opponent", "dam_owner_opponent>neutral>own", "powerhouse_owner_own>opponent",
    "powerhouse_owner_opponent>own", "feeds_own_dam", "not_feeding_opponent_dam", "linked_to_own_dam", "in_plains",
    "in_zone",
)
(AC_STRONGEST, AC_LINKED_OWN_PH, AC_FED_UPSTREAM, AC_RED, AC_LINKS_OWN_DAM_BASIN, AC_MOST_DROPS, AC_HIGHEST,
 AC_SECOND_HIGHEST, AC_DAM_OWN_FIRST, AC_DAM_OPP_FIRST, AC_PH_OWN_FIRST, AC_PH_OPP_FIRST, AC_FEEDS_OWN,
 AC_NOT_FEEDING_OPP, AC_LINKED_OWN_DAM, AC_PLAINS, AC_IN_ZONE) = range(17)
N_AUTOMA_CARDS = 20
AUTOMA_MAX_ENTRIES = 8
# automa board orders for Engineers (AUTOMA-12)
(AB_TURBINE, AB_WATER, AB_WORKSHOP, AB_MACHINE, AB_CONTRACT) = range(5)

MAX_SEED = 2**62 - 1   # game and master seeds: 0..2^62-1 (positive in int64, clear of the bots' seed salt)

# Barrage: Duel (DUEL-*): condition tiles (DUEL-COND-01..06) in duel_board.yaml order; reward tile codes on the
# scales: 0..7 = reward tile I of that index, DUEL_REWARD_II = a reward tile II; -1 = no tile.
DUEL_COND_NAMES = ("credits", "energy", "drops", "machinery_pairs", "contracts", "external_works")
DC_CREDITS, DC_ENERGY, DC_DROPS, DC_PAIRS, DC_CONTRACTS, DC_EXTERNAL = range(6)
N_DUEL_REWARD_I = 8
DUEL_REWARD_II = 8
DUEL_ROWS = 3
PREP_TILE_NAMES = ("NEUTRAL_L1", "NEUTRAL_L2", "BLOCK_BASE_UP", "BLOCK_BASE_DOWN", "BLOCK_CONDUIT_LEFT",
                   "BLOCK_CONDUIT_RIGHT", "BLOCK_POWERHOUSE_DOWN", "BLOCK_POWERHOUSE_UP")   # map_duel.yaml order

# The Leeghwater Project: private buildings in data-file order (LWP-BUILD-06; the Heliport is Colorado's).
BUILDING_NAMES = ("Cofferdam", "Control Station", "Customer Office", "Development Office", "Energy Relay Field",
                  "Financial Division", "Loan Agency", "Research Lab", "Robot Factory", "Wind Farm", "Heliport")
(BLD_COFFERDAM, BLD_CONTROL, BLD_CUSTOMER, BLD_DEVELOPMENT, BLD_RELAY, BLD_FINANCIAL, BLD_LOAN, BLD_RESEARCH,
 BLD_ROBOT, BLD_WIND) = range(10)
BLD_HELIPORT = 10        # The Colorado Connection's building (COLO-HELI-01, LWP-SETUP-01: 11 in the box)
N_LWP_BUILDINGS = 10     # the Leeghwater Project's own buildings (leeghwater.yaml)
# External works EWA1..EWC5 in data-file order (LWP-EXTWORK-07), then Colorado's EWA6, EWB6, EWC6 (LWP-SETUP-05);
# their rewards follow the incomes in the reward table.
EXTWORK_NAMES = tuple(f"EW{d}{i}" for d in "ABC" for i in range(1, 6)) + ("EWA6", "EWB6", "EWC6")
N_LWP_EXTWORKS = 15
# The Colorado Connection (COLO-*): settlement tile types, construction sites one per area (ids.AREA_NAMES order).
SETTLEMENT_TYPES = ("A", "B", "C")
N_BRIDGE_TILES = 10          # COLO-SETUP-05
N_SETTLEMENT_SPACES = 10     # COLO-SETTLE-01
N_SETTLEMENT_TILES = 24      # COLO-SETUP-04: 8 per type
COLORADO_MAP = "colorado"
BUILD_TARGET = 100     # build-move space ids >= this are building slots: 100 + building * 4 + slot (LWP-BUILD-01)
