; expect: .int step must be -128..127
.int i0, 1, 0, 200
