; expect: unexpected character '$'
    alu $
