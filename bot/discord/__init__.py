"""The Discord-facing layer: commands, clicks, views, the hand, texts and publishing."""
