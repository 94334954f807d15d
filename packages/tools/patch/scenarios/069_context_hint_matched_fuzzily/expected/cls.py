x = 1
y = 2
class Foo:   
x = 1
y = 3
