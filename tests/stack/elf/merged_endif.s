; Three ifs closed by ONE merged ENDIF (spec 6.6, raw fc: the inner IFs carry
; B_OP1 = DECR, the ENDIF B_POP_CNT 3 = POP 3), then two loops and an if. Had
; the ENDIF popped fewer than 3, the loops would sit on leftover push frames and
; the mark would move to slot 5.
;   slot  op               A vpm | ISA w64 (S=4)  ISA w16 (S=8)  MESA r700 w64  LLVM r700  LLVM cayman
;   0     ALU_PUSH_BEFORE  0  1  | B=3: 1         1              el=3: 1        S=3: 1     S=1: 1
;   1     ALU_PUSH_BEFORE  0  2  | B=4: 1         1              el=4: 1        S=4: 1     S=2: 1
;   2     ALU_PUSH_BEFORE  0  3  | B=5: 2         1              el=5: 2        S=5: 2     S=3: 1
;   3     POP 3            0  0  | 0              0              0              0          0
;   4     LOOP_START       1  0  | 1              1              el=4: 1        1          1
;   5     LOOP_START       2  0  | 2              2              el=8: 2        2          2
;   6     ALU_PUSH_BEFORE  2  1  | 2+1 = 3        2+1 = 3        el=11: 3       2+1 = 3    2+1 = 3
.int i0, 2, 0, 1
    fc jump done jump_func=0x55 b_op0=incr bool_addr=0 aluwait                      ; slot 0
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=1 bool_addr=1 aluwait ; slot 1
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=2 bool_addr=2 aluwait ; slot 2
    fc jump done jump_func=0x00 jump_any=1 b_op0=decr b_pop_cnt=3 aluwait            ; slot 3
done:
    loop i0             ; slot 4
        loop i0         ; slot 5
            if b3       ; slot 6
            endif       ; slot 7
        endloop         ; slot 8
    endloop             ; slot 9
; expect: --rule isa --width 64 => STACK_SIZE 3 at slot 6
; expect: --rule isa --width 16 => STACK_SIZE 3 at slot 6
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 3 at slot 6
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 3 at slot 6
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 3 at slot 6
