print("splitc")
