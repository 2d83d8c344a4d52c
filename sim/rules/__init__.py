"""Rules of Barrage as numba functions over the flat state vector, one module per topic."""
