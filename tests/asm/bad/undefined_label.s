; expect: undefined label 'nowhere'
    fc jump nowhere jump_func=0xff
