"""Offsets of the flat int64 game-state vector (one game = one vector; copying a state is one copy).

Sizes are the maxima over the supported maps (`MAX_*`), so one compiled engine serves every variant;
the variant's actual sizes live in the tables. Per-company fields sit in blocks of `CO_SIZE` starting at
`COMPANY_BASE + c * CO_SIZE`.
"""

MAX_PLAYERS = 4
MAX_DAMS = 26          # five-player map: 13 basins x 2
MAX_CONDUITS = 26
MAX_PH = 27
MAX_ZONES = 16
MAX_HEADSTREAMS = 5
N_CONTRACTS = 58       # 4 starting + 6 national + 45 private + 3 Colorado (COLO-SETUP-02)
PILE_SIZE = 16         # private contracts per colour: 15, 16 with Colorado (COLO-SETUP-02)
N_ADV = 15
STACK_DEPTH = 48
FRAME = 8
N_SPACES = 35          # management-board spaces (BLOCK-01), Bank excluded

_fields = []


def _alloc(name: str, size: int = 1) -> int:
    start = sum(s for _, s in _fields)
    _fields.append((name, size))
    return start


# Global fields
G_RNG = _alloc("rng")
G_ROUND = _alloc("round")
G_PHASE = _alloc("phase")
G_CURRENT = _alloc("current")
G_TURN_ORDER = _alloc("turn_order", MAX_PLAYERS)       # company at each turn-order position
G_PASSED = _alloc("passed", MAX_PLAYERS)
G_FIRST_CHOOSER = _alloc("first_chooser")
G_DECISIONS = _alloc("decisions")
G_MOVES = _alloc("moves")
G_DROPS_CREATED = _alloc("drops_created")
G_DROPS_REMOVED = _alloc("drops_removed")
G_OBJECTIVE = _alloc("objective")
G_BONUS = _alloc("bonus", 5)
G_STACK_N = _alloc("stack_n")
STACK = _alloc("stack", STACK_DEPTH * FRAME)
DAM_OWNER = _alloc("dam_owner", MAX_DAMS)
DAM_LEVEL = _alloc("dam_level", MAX_DAMS)
DAM_DROPS = _alloc("dam_drops", MAX_DAMS)
COND_OWNER = _alloc("conduit_owner", MAX_CONDUITS)
PH_OWNER = _alloc("powerhouse_owner", MAX_PH)
HEAD_TILE = _alloc("headstream_tile", MAX_HEADSTREAMS)
HEAD_DROPS = _alloc("headstream_drops", MAX_HEADSTREAMS)
SPACE_OCC = _alloc("space_occupant", N_SPACES)
SPACE_ENG = _alloc("space_engineers", N_SPACES)
CON_STATE = _alloc("contract_state", N_CONTRACTS)
CON_OWNER = _alloc("contract_owner", N_CONTRACTS)
PILE = _alloc("contract_piles", 3 * PILE_SIZE)          # per colour, in draw order
PILE_POS = _alloc("contract_pile_pos", 3)              # next undrawn index per colour
DISPLAY = _alloc("contract_display", 6)                # colour * 2 + slot -> contract or -1
TECH_PILE = _alloc("tech_pile", N_ADV)                 # piles I, II, III concatenated, in draw order
TECH_POS = _alloc("tech_pile_pos")
PATENT = _alloc("patent_display", 3)                   # tile id or -1
MAHIRI_POOL = _alloc("mahiri_pool", 3)                 # officers Mahiri may copy (SETUP-19)
PAIR_COMPANY = _alloc("pairing_company", MAX_PLAYERS)  # setup pairings (SETUP-13..15)
PAIR_OFFICER = _alloc("pairing_officer", MAX_PLAYERS)
PAIR_TAKEN = _alloc("pairing_taken", MAX_PLAYERS)
START_DEALT = _alloc("starting_dealt", MAX_PLAYERS)    # starting contracts dealt at setup (-1 = taken)
GEO_TOKEN = _alloc("geological_token", MAX_ZONES)       # token per zone, -1 none (GEO-03..05)
N_AUTOMA_CARDS = 20
AUTOMA_DECK = _alloc("automa_deck", N_AUTOMA_CARDS)     # card ids; [0, pos) drawn, pos-1 = criteria card (AUTOMA-02)
AUTOMA_POS = _alloc("automa_deck_pos")                  # index of the deck's top card (its front = action list)

# ---- Tile-balance records (issue #13): statistics for the result rows only; no rule reads them ----------------
N_TILE_IDS = 26                                          # sim.ids.N_TILES (basic, advanced, special tiles)
TILE_TAKEN_ROUND = _alloc("tile_taken_round", N_ADV + 6)  # per advanced tile (id - 5; building tiles 17..19)
TILE_USES = _alloc("tile_uses", MAX_PLAYERS * N_TILE_IDS)  # per company and tile: times put on the wheel to build
# ---- end of tile-balance records ------------------------------------------------------------------------------

# -- Event-log records (issue #18): written by the rules for sim.events, never read by them -------------------
G_AUTOMA_DONE = _alloc("automa_entries_done")           # bit i: entry i of the latest Automa turn was performed
# -- end of event-log records --------------------------------------------------------------------------------

# ==== Barrage: Duel (issue #15, DUEL-*): all zero/-1 and never read unless the tables enable the duel map/board ====
MAX_SCALE = 10                                           # longest duel scale per side the layout holds (data: 8)
N_PREP_TILES = 8
DUEL_BLOCKED = _alloc("duel_blocked", 3)                 # bit g of the 96: map space g holds a preparation tile
DUEL_PREP_LOC = _alloc("duel_prep_location", N_PREP_TILES)   # location tile (1..8) dealt to preparation tile i
DUEL_COND = _alloc("duel_condition", 3)                  # condition tile per row (DUEL-BOARD-02), -1 = no duel board
DUEL_MARKER = _alloc("duel_marker", 3)                   # marker position per row, -L..+L (DUEL-BOARD-01)
DUEL_TILE = _alloc("duel_reward_tile", 3 * (2 * MAX_SCALE + 1))   # [row, position + MAX_SCALE]: reward tile or -1
DUEL_CONTRACT_PTS = _alloc("duel_contract_points", MAX_PLAYERS)   # DUEL-COND-05 count of the current round
DUEL_EW_MACH = _alloc("duel_extwork_machineries", MAX_PLAYERS)   # DUEL-COND-06 count of the current round
# ==== end of Barrage: Duel =========================================================================================
# ==== The Leeghwater Project (LWP-*, sim.rules.lwp): global fields; all stay at their setup value without it ====
N_BUILDINGS = 11                                        # private buildings in the box (LWP-BUILD-06) + the Heliport
#                                                         (Colorado, COLO-HELI-01: building id 10)
BUILDINGS_DRAWN = 5                                     # LWP-SETUP-01
N_EXTWORKS = 18                                         # decks A, B, C of 5 (LWP-EXTWORK-07) + Colorado's 3 (LWP-SETUP-05)
EW_DECK_SIZE = 15                                       # tiles in play: 5 per deck (Colorado's variant removes 1 per deck)
LWP_BUILDING = _alloc("lwp_buildings", BUILDINGS_DRAWN)  # building id on each board position, -1 = none
LWP_SLOT = _alloc("lwp_building_slots", N_BUILDINGS * 4)  # [building, slot] owner of the Building piece (-1 free)
LWP_SPACE = _alloc("lwp_building_spaces", N_BUILDINGS * 4)  # [building, space] occupant (-1 free, NEUTRAL blocked)
LWP_EW_DECK = _alloc("lwp_extwork_deck", EW_DECK_SIZE)    # decks A, B, C concatenated, each shuffled (LWP-SETUP-02)
LWP_EW_POS = _alloc("lwp_extwork_deck_pos")             # next undrawn index of the deck
LWP_EW_SHOWN = _alloc("lwp_extwork_display", 3)         # tile on each external-works space, -1 = none
LWP_EW_SPACE = _alloc("lwp_extwork_spaces", 3)          # occupant of each external-works space, -1 free
LWP_EW_ENG = _alloc("lwp_extwork_engineers", 3)         # Engineers on each external-works space
LWP_EW_OWNER = _alloc("lwp_extwork_owner", N_EXTWORKS)  # company holding the fulfilled tile face down, -1 none
LWP_SET_ASIDE = _alloc("lwp_tiles_set_aside", 3)        # advanced tile set aside unseen per pile (LWP-SETUP-03)
LWP_BLOCKED = _alloc("lwp_blocked")                     # bit per building: leftmost space blocked (LWP-BUILD-09)
# ==== end of the Leeghwater global fields =======================================================================
# ==== The Colorado Connection (COLO-*, sim.rules.colorado): all -1/0 and never read unless the tables enable it ====
N_BRIDGE_TILES = 10                                     # COLO-SETUP-05
N_SETTLE_SPACES = 10                                    # COLO-SETTLE-01
COLO_TILE_SITE = _alloc("colorado_bridge_tile_site", N_BRIDGE_TILES)   # area of the site the tile was dealt to
COLO_TILE_DAM = _alloc("colorado_bridge_tile_dam", N_BRIDGE_TILES)     # dam carrying the tile, -1 still on its site
COLO_SITE_ENG = _alloc("colorado_site_engineers", 3 * MAX_PLAYERS)     # [area, company] Engineers on the site
COLO_SETTLE_TILE = _alloc("colorado_settlement_tile", N_SETTLE_SPACES)  # settlement tile (effect id) per space
COLO_SETTLE_OCC = _alloc("colorado_settlement_occupant", N_SETTLE_SPACES)  # company on the space, -1 free
COLO_LAST_BASE = _alloc("colorado_last_base")           # dam of the latest Base placed (COLO-EXT-01's bridge)
COLO_BRIDGED_ELEV = _alloc("colorado_bridged_elevation_ok")   # 1 while COLO-EXT-03's Elevation is being placed
# derived from the bridges (sim.rules.colorado.refresh_bridges, after setup, every bridge built and a scenario load):
COLO_DAM_BRIDGE = _alloc("colorado_dam_bridge", MAX_DAMS)    # bridge tile on each dam, -1 none (COLO_TILE_DAM inverse)
COLO_BRIDGED_ZONES = _alloc("colorado_bridged_zones")   # bit per zone holding a bridge (COLO-BRIDGE-03)
COLO_SITE_BUILT = _alloc("colorado_site_bridges_built", 3)   # bridges built so far from each site (COLO-BRIDGE-02)
COLO_CROSS_COST = _alloc("colorado_crossing_cost", MAX_PLAYERS * N_SETTLE_SPACES)   # [company, space] Credits to
#                                                         reach the space (COLO-SETTLE-02/03)
COLO_BRIDGE_AREAS = _alloc("colorado_bridge_areas", MAX_PLAYERS)   # [company] bit per area with an own dam that
#                                                         can take a bridge (COLO-BRIDGE-03; also after each Base)
# ==== end of the Colorado fields ================================================================================
COMPANY_BASE = sum(s for _, s in _fields)

# Per-company block
_co = []


def _co_alloc(name: str, size: int = 1) -> int:
    start = sum(s for _, s in _co)
    _co.append((name, size))
    return start


C_COMPANY = _co_alloc("company")
C_OFFICER = _co_alloc("officer")
C_EFF_OFFICER = _co_alloc("effective_officer")         # differs from officer while Mahiri copies
C_CREDITS = _co_alloc("credits")
C_EXC = _co_alloc("excavators")
C_MIX = _co_alloc("mixers")
C_ENG = _co_alloc("engineers")                         # in personal supply
C_VP = _co_alloc("vp")
C_ENERGY = _co_alloc("energy")                         # energy this round (TERM-09)
C_PIECES = _co_alloc("pieces_left", 4)                 # on the company board, by structure type
C_WHEEL_OPEN = _co_alloc("wheel_open")
C_WHEEL_EXC = _co_alloc("wheel_excavators", 6)
C_WHEEL_MIX = _co_alloc("wheel_mixers", 6)
C_TILE_LOC = _co_alloc("tile_location", 26)            # -1 not owned, 0..5 wheel segment, 6 supply
C_CONSTR_USED = _co_alloc("construction_spaces_used")
C_BANK_ENG = _co_alloc("bank_engineers")
C_MAHIRI_USED = _co_alloc("mahiri_uses")
C_VP_SRC = _co_alloc("vp_by_source", 14)             # sim.ids.N_VP_SOURCES
C_ENERGY_HIST = _co_alloc("energy_by_round", 5)
C_TURN_POS_HIST = _co_alloc("turn_position_by_round", 5)
C_DECISIONS = _co_alloc("decisions")
C_FULFILLED = _co_alloc("contracts_fulfilled")
C_GEO_ENG = _co_alloc("geological_engineers")             # set aside on the company board (GEO-09)
C_MACH_GAINED = _co_alloc("machineries_gained")            # from the general supply, ever (invariants)
C_AUTOMA = _co_alloc("automa_level")                       # 0 = a player's seat, 1..4 = Automa level (AUTOMA-03)
C_AUTOMA_ENG = _co_alloc("automa_engineers")               # Automa Engineers stacked / on its construction space
# ---- The Leeghwater Project (LWP-*), per company ----
C_BUILDING_PIECES = _co_alloc("lwp_building_pieces")       # Building pieces left on the company board (LWP-01)
C_BUILDINGS_ON = _co_alloc("lwp_buildings_activated")      # bit per building id (LWP-BUILD-02)
C_BUILDINGS_USED = _co_alloc("lwp_buildings_used")         # bit per building id used this round (LWP-BUILD-05)
C_MARGOT_ENG = _co_alloc("lwp_margot_engineers")           # Engineer on Margot's space (OFFICER-MARGOT-01)
# ---- end of the Leeghwater per-company fields ----
# ---- Leeghwater and promo officers without buildings or external works (issue #14, officers branch) ----------
C_ARCHITECT = _co_alloc("architect_in_supply")   # OFFICER-TOMMASO-01: 1 while the Architect is in the supply (it
                                                 # is one of the C_ENG Engineers); placed until the End of Round
C_WU_ENG = _co_alloc("wu_space_engineers")       # OFFICER-WU-01: Engineers on Wu's space (once per round)
C_GENNARO_ENG = _co_alloc("gennaro_space_engineers")  # OFFICER-GENNARO-01: Engineers on Gennaro's space
C_EXCAMIXERS = _co_alloc("excamixers")           # OFFICER-ELON-01: Excamixers in the supply (machineries)
C_WHEEL_XM = _co_alloc("wheel_excamixers", 6)    # OFFICER-ELON-01: Excamixers on the wheel, per segment
C_GENNARO_DISCOUNT = _co_alloc("gennaro_discount_used")  # AUTOMA-71: a Gennaro Automa's cheaper construction done
# ---- end of the officers block ------------------------------------------------------------------------------
CO_SIZE = sum(s for _, s in _co)

STATE_SIZE = COMPANY_BASE + MAX_PLAYERS * CO_SIZE

GLOBAL_FIELDS = tuple(_fields)
COMPANY_FIELDS = tuple(_co)
