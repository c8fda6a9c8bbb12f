print("kitchen: not yet implemented")
