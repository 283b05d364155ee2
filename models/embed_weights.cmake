# Writes OUT, a C++ source holding the learned evaluators' weight files (models/weights/
# NAME.txt) as string literals, so that an installed bao needs no checkout. Run at build
# time by models/CMakeLists.txt:
#   cmake -DROOT=models/weights -DFILES=ga-long.txt,... -DOUT=weights_data.cpp -P embed_weights.cmake
string(REPLACE "," ";" files "${FILES}")
set(out "// Generated from models/weights/ by models/embed_weights.cmake: do not edit.\n")
string(APPEND out "#include \"models/embedded_weights.h\"\n\nnamespace bao::models {\n\n")
string(APPEND out "const std::vector<std::pair<std::string, std::string>>& embedded_weights() {\n")
string(APPEND out "  static const std::vector<std::pair<std::string, std::string>> files = {\n")
foreach(f IN LISTS files)
  file(READ "${ROOT}/${f}" text)
  string(FIND "${text}" ")BAOW\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${ROOT}/${f} contains the raw string delimiter )BAOW\"")
  endif()
  string(REGEX REPLACE "\\.txt$" "" name "${f}")
  string(APPEND out "      {\"${name}\", R\"BAOW(${text})BAOW\"},\n")
endforeach()
string(APPEND out "  };\n  return files;\n}\n\n}  // namespace bao::models\n")
file(WRITE "${OUT}.tmp" "${out}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
