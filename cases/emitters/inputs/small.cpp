// Input of the clang -ftime-trace and lld --time-trace cases.
#include <string>
#include <vector>

int main() {
  std::vector<std::string> words{"trace", "check"};
  return static_cast<int>(words.size()) - 2;
}
