"""One package per game; each depends on the core and never on another game."""
