import VibeKeeper

print("vibekeeper")
