# The run script of reconverge-split-guarded.ptx, its expected values
# computed from the kernel's paths, thread by thread.
print("alloc out u32[32]\nlaunch k grid=1 block=32 args=(out)\nwait")
for t in range(32):
    p1, p2, p3, p4 = t < 7, t < 3, t < 5, t % 2 == 1
    if p1 and p3:  # $L__b's guarded ret
        print("expect out[%d] == 0u32" % t)
        continue
    v = 0
    if not p1 and p2:  # straight to $L__d
        v, r5 = v + 2, t + 200
    else:  # $L__c, entered by its fall-through or, split, from $L__b
        v, r5 = v + 1, t + 100
        if not p4:  # falls into $L__d
            v, r5 = v + 2, t + 200
    print("expect out[%d] == %du32" % (t, v + 3 * t + r5))
