//===-- DapServer.h - simt-dbg --dap: the Debug Adapter Protocol ----------===//
//
// `simt-dbg --dap` speaks DAP on its standard input and output, so VS Code,
// Neovim (nvim-dap) and Emacs (dap-mode) debug a CUDA program built by
// simt-nvcc with no extension: the adapter drives the same host-and-device
// session as the prompt (dbg/host/Session.h) and maps DAP onto it. The host
// threads are DAP threads, and so is each resident warp ("CUDA kernel block
// (0,0,0) warp 1 threads (32,0,0)-(63,0,0)"), whose frames, variables and
// steps are its focused lane's; every value of a warp opens into its 32
// lanes. The debug console runs any simt-dbg command. docs/debugger.md
// shows a launch.json.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::dbg {

/// Serves one debug session on stdin and stdout; simt-dbg's exit status.
int serveDap();

} // namespace simt::dbg
