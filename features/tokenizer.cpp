#include "features/tokenizer.h"

namespace linrepro {

std::vector<std::string> tokenize(std::string_view text, const TokenizerOptions& options) {
  std::vector<std::string> tokens;
  for_each_token(text, options, [&](std::string_view t) { tokens.emplace_back(t); });
  return tokens;
}

}  // namespace linrepro
