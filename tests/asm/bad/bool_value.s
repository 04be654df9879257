; expect: 2 is out of range (at most 1)
.bool b0, 2
