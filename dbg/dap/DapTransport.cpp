//===-- DapTransport.cpp - Debug Adapter Protocol messages on two fds -----===//
#include "dbg/dap/DapTransport.h"

#include "llvm/Support/FormatVariadic.h"

#include <cerrno>
#include <unistd.h>

namespace simt::dbg::dap {

namespace json = llvm::json;

bool Transport::fill(size_t n) {
  char buf[65536];
  while (buffered_.size() < n) {
    const ssize_t got = ::read(in_, buf, sizeof buf);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    buffered_.append(buf, size_t(got));
  }
  return true;
}

std::optional<json::Object> Transport::read(std::string *error) {
  error->clear();
  size_t end;
  while ((end = buffered_.find("\r\n\r\n")) == std::string::npos) {
    if (buffered_.size() > 4096) {
      *error = "a header longer than 4096 bytes";
      return std::nullopt;
    }
    if (!fill(buffered_.size() + 1)) {
      if (!buffered_.empty())
        *error = "the input ended inside a header";
      return std::nullopt;
    }
  }
  const std::string header = buffered_.substr(0, end);
  buffered_.erase(0, end + 4);
  const std::string key = "Content-Length:";
  const size_t at = header.find(key);
  if (at == std::string::npos) {
    *error = "a header without Content-Length: '" + header + "'";
    return std::nullopt;
  }
  char *stop = nullptr;
  const unsigned long long length = std::strtoull(header.c_str() + at + key.size(), &stop, 10);
  if (stop == header.c_str() + at + key.size() || length > (1u << 30)) {
    *error = "a bad Content-Length in '" + header + "'";
    return std::nullopt;
  }
  if (!fill(size_t(length))) {
    *error = "the input ended inside a message";
    return std::nullopt;
  }
  const std::string body = buffered_.substr(0, size_t(length));
  buffered_.erase(0, size_t(length));
  trace("-->", body);
  llvm::Expected<json::Value> v = json::parse(body);
  if (!v) {
    *error = "a message that is not JSON: " + llvm::toString(v.takeError());
    return std::nullopt;
  }
  if (json::Object *o = v->getAsObject())
    return std::move(*o);
  *error = "a message that is not a JSON object";
  return std::nullopt;
}

void Transport::trace(const char *direction, const std::string &body) {
  if (!log_)
    return;
  std::fprintf(log_, "%s %s\n", direction, body.c_str());
  std::fflush(log_);
}

void Transport::send(json::Object message) {
  std::lock_guard<std::mutex> lock(writing_);
  message["seq"] = seq_++;
  const std::string body = llvm::formatv("{0}", json::Value(std::move(message))).str();
  trace("<--", body);
  const std::string text = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  for (size_t done = 0; done < text.size();) {
    const ssize_t w = ::write(out_, text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return; // the client is gone
    done += size_t(w);
  }
}

void Transport::event(const std::string &name, json::Object body) {
  send(json::Object{{"type", "event"}, {"event", name}, {"body", std::move(body)}});
}

namespace {
json::Object responseTo(const json::Object &request, bool success) {
  return json::Object{{"type", "response"},
                      {"request_seq", request.getInteger("seq").value_or(0)},
                      {"command", request.getString("command").value_or("").str()},
                      {"success", success}};
}
} // namespace

void Transport::respond(const json::Object &request, json::Object body) {
  json::Object r = responseTo(request, true);
  r["body"] = std::move(body);
  send(std::move(r));
}

void Transport::fail(const json::Object &request, const std::string &message) {
  json::Object r = responseTo(request, false);
  r["message"] = message;
  r["body"] = json::Object{{"error", json::Object{{"id", 1}, {"format", message}}}};
  send(std::move(r));
}

} // namespace simt::dbg::dap
