; Four nested calls fill a 4-entry address stack exactly (no overflow): every
; lane writes 2 after returning through all four levels.
    alu rgb mad r1.r, #0, #0, #0 alpha mad r1._, #0, #0, #0
    call a
    fc jump done jump_func=0xff
a:
    call b
    ret
b:
    call c
    ret
c:
    call d
    ret
d:
    alu rgb mad r1.r, #1, #1, #1 alpha mad r1._, #0, #0, #0
    ret
done:
    out rgb max r1._ o0.r, r1.rrr, r1.rrr, r1.rrr alpha max r1._, #0, #0, #0
