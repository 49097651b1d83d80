print("refresh-bench")
