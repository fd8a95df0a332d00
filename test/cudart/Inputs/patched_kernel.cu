// A kernel and its launch in a file of their own: corrupt_images.cu links
// this file's object with the device object embedded in it corrupted.
__global__ void twice(int *p) { p[threadIdx.x] *= 2; }

cudaError_t launch_twice(int *d) {
  twice<<<1, 32>>>(d);
  return cudaGetLastError();
}
