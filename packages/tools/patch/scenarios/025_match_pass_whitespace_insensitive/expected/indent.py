def f():
	if ready:
        return 2
