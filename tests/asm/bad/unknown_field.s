; expect: 'foo' is not a field of a fc instruction
    fc jump 0 foo=1
