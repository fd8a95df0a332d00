// Shared by const_banks_link.cu and its two other files: each file's host
// functions for its own kernel and __constant__ variables.
#pragma once
#include <cuda_runtime.h>

// Inputs/const_banks_stencil.cu: out[i] = taps . in[i-1..i+1] + bias.
void stencil_launch(const int *in, int *out, int n, cudaStream_t s);
void stencil_set(const int taps[3], int bias);
void stencil_get(int taps[3], int *bias);
void *stencil_bias_address();

// Inputs/const_banks_shift.cu: out[i] = in[i] + table[in[i] & 15].
void shift_launch(const int *in, int *out, int n, cudaStream_t s);
void shift_set(const int table[16]);
void shift_get(int table[16]);
void *shift_table_address();
