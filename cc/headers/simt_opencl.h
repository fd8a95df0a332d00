//===-- simt_opencl.h - What OpenCL C needs beyond libclc's NVPTX library -===//
//
// simt-cc includes this in every .cl file, after clang's declarations of the
// OpenCL builtins (-finclude-default-header). libclc's NVPTX library defines
// the work-item functions from the PTX special registers but leaves two
// undefined, and images have no counterpart on this target (no texture
// units): a use of them is an error at the source line, not a missing
// function in the PTX.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_OPENCL_H
#define SIMT_OPENCL_H

// Run scripts launch without global offsets (TOOLS.md launch).
size_t __attribute__((overloadable, always_inline)) get_global_offset(uint dim) {
  (void)dim;
  return 0;
}

// The launch records no work dimension: the number of dimensions up to the
// last one whose global size exceeds 1 (a 2-D range of height 1 reads as 1).
uint __attribute__((overloadable, always_inline)) get_work_dim(void) {
  if (__nvvm_read_ptx_sreg_nctaid_z() * __nvvm_read_ptx_sreg_ntid_z() > 1)
    return 3;
  if (__nvvm_read_ptx_sreg_nctaid_y() * __nvvm_read_ptx_sreg_ntid_y() > 1)
    return 2;
  return 1;
}

int __attribute__((unavailable("OpenCL images need texture units and samplers, which this "
                               "target does not have: pass the pixels as a __global buffer")))
__simt_opencl_images_unsupported(void);
#define read_imagef(...) __simt_opencl_images_unsupported()
#define read_imagei(...) __simt_opencl_images_unsupported()
#define read_imageui(...) __simt_opencl_images_unsupported()
#define read_imageh(...) __simt_opencl_images_unsupported()
#define write_imagef(...) __simt_opencl_images_unsupported()
#define write_imagei(...) __simt_opencl_images_unsupported()
#define write_imageui(...) __simt_opencl_images_unsupported()
#define write_imageh(...) __simt_opencl_images_unsupported()

#endif
