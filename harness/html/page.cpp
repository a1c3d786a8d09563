#include "html/page.h"

#include "html/assets.h"

namespace tc::html {

std::string page(std::string_view title, std::string_view body, const std::string& data_json,
                 std::string_view script) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>";
  out += title;
  out += "</title>\n<style>";
  out += kPageStyle;
  out += "</style></head><body>\n";
  out += body;
  out += "<script type=\"application/json\" id=\"report-data\">";
  out.reserve(out.size() + data_json.size() + script.size() + 64);
  for (size_t i = 0; i < data_json.size(); ++i) {
    if (data_json[i] == '<' && i + 1 < data_json.size() && data_json[i + 1] == '/') {
      out += "<\\/";
      ++i;
    } else {
      out += data_json[i];
    }
  }
  out += "</script>\n<script>";
  out += kPagePrelude;
  out += script;
  out += "</script>\n</body></html>\n";
  return out;
}

}  // namespace tc::html
