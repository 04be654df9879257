; Nine ifs closed by one merged ENDIF with B_POP_CNT 9 (raw fc, spec 6.6): the
; walk emits it as POP 7 + POP 2 (stack_acct's POP_COUNT has 3 bits). Then three
; loops and an if on the empty stack. Had fewer than 9 frames been popped, the
; loops would sit on leftover pushes and the mark would move to slot 12 or rise.
;   slots 0-8: ALU_PUSH_BEFORE, vpm = slot + 1
;     ISA w64 (S=4): B = vpm+2 = 3..11: need ceil(B/4), 3 first at B=9 (vpm 7, slot 6)
;     ISA w16 (S=8): B = 3..11: need ceil(B/8), 2 first at B=9 (slot 6)
;     MESA r700: el = vpm+2: 3 first at el=9 (slot 6); MESA evergreen: el = vpm+1: 3 first at el=9 (slot 7)
;     LLVM r700: S = vpm+2: 3 at slot 6; LLVM cayman: S = vpm: 3 first at S=9 (slot 8)
;   slot 9: POP 7, POP 2: empty
;   slots 10-12: LOOP_START x3: A = 3: ISA 3; MESA r700/evergreen w64 el=12: 3; LLVM E=3: 3
;   slot 13: ALU_PUSH_BEFORE, A=3 vpm=1:
;     ISA w64: 3+ceil(3/4) = 4; ISA w16: 3+ceil(3/8) = 4; MESA r700 w64: el=12+3=15: 4;
;     MESA evergreen w64: el=12+2=14: 4; LLVM r700: 3+ceil(3/4) = 4; LLVM cayman: 3+ceil(1/4) = 4
.int i0, 2, 0, 1
    fc jump done jump_func=0x55 b_op0=incr bool_addr=0 aluwait          ; slot 0
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=1 bool_addr=1 aluwait ; slot 1
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=2 bool_addr=2 aluwait ; slot 2
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=3 bool_addr=3 aluwait ; slot 3
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=4 bool_addr=4 aluwait ; slot 4
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=5 bool_addr=5 aluwait ; slot 5
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=6 bool_addr=6 aluwait ; slot 6
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=7 bool_addr=7 aluwait ; slot 7
    fc jump done jump_func=0x55 b_op0=incr b_op1=decr b_pop_cnt=8 bool_addr=8 aluwait ; slot 8
    fc jump done jump_func=0x00 jump_any=1 b_op0=decr b_pop_cnt=9 aluwait ; slot 9
done:
    loop i0                 ; slot 10
        loop i0             ; slot 11
            loop i0         ; slot 12
                if b9       ; slot 13
                endif       ; slot 14
            endloop         ; slot 15
        endloop             ; slot 16
    endloop                 ; slot 17
; expect: --rule isa --width 64 => STACK_SIZE 4 at slot 13
; expect: --rule isa --width 16 => STACK_SIZE 4 at slot 13
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 4 at slot 13
; expect: --rule mesa --chip evergreen --width 64 => STACK_SIZE 4 at slot 13
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 4 at slot 13
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 4 at slot 13
