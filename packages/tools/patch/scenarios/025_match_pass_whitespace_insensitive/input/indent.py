def f():
	if ready:
		return 1
