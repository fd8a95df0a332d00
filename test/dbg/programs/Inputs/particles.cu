#include <cstdio>
#include <cstdlib>

struct Particles {
    float *x, *y;
    float *vx, *vy;
    int count;
};

struct Params {
    float dt;
    float gravity;
    int steps;
};

template <typename T>
__device__ T clampv(T v, T lo, T hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

__device__ float integrate(float pos, float vel, float dt)
{
    float next = pos + vel * dt;
    return clampv<float>(next, -100.0f, 100.0f);
}

__global__ void step(Particles p, Params prm)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.count)
        return;
    for (int s = 0; s < prm.steps; ++s) {
        p.vy[i] -= prm.gravity * prm.dt;
        p.x[i] = integrate(p.x[i], p.vx[i], prm.dt);
        p.y[i] = integrate(p.y[i], p.vy[i], prm.dt);
    }
}

int main()
{
    const int n = 64;
    Particles h, d;
    h.count = d.count = n;
    size_t bytes = n * sizeof(float);
    h.x = (float *)malloc(bytes); h.y = (float *)malloc(bytes);
    h.vx = (float *)malloc(bytes); h.vy = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h.x[i] = i; h.y[i] = 10.0f; h.vx[i] = 1.0f; h.vy[i] = 0.0f;
    }
    cudaMalloc(&d.x, bytes); cudaMalloc(&d.y, bytes);
    cudaMalloc(&d.vx, bytes); cudaMalloc(&d.vy, bytes);
    cudaMemcpy(d.x, h.x, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d.y, h.y, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d.vx, h.vx, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d.vy, h.vy, bytes, cudaMemcpyHostToDevice);
    Params prm = {0.5f, 2.0f, 4};
    step<<<2, 32>>>(d, prm);
    cudaMemcpy(h.x, d.x, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h.y, d.y, bytes, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (h.x[i] != i + 2.0f) ++bad;
    printf("x[5]=%g y[5]=%g bad=%d\n", h.x[5], h.y[5], bad);
    return bad != 0;
}
