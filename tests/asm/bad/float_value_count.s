; expect: .float takes 1 or 4 values, found 2
.float c0, 1, 2
