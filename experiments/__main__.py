"""`python -m experiments ...` runs the `barrage` command line."""
from experiments.cli import main

if __name__ == "__main__":
    main()
