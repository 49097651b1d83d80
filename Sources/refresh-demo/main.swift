import RefreshGtk
print("refresh-demo")
