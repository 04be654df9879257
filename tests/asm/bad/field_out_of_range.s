; expect: 32 is out of range (at most 31)
    fc jump 0 b_pop_cnt=32
