; expect: 4:1: error: slot 1: flow control reads the ALU result, but no ALU instruction writes it
.int i0, 4, 0, 1
    loop i0
    if res
    endif
    endloop
