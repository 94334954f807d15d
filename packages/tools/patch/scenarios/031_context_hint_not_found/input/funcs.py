def first():
    return None
