# Writes OUT, a C++ source that defines
#   const std::vector<std::pair<std::string, std::string>>& NAMESPACE::FUNCTION();
# (declared in HEADER): (name, text) for each of FILES under ROOT, in the order given, the
# name being the file name less STRIP_SUFFIX when it ends with it. So a program carries
# files it needs (the learned weights, the served page) and an installed copy reads no
# checkout. Run at build time:
#   cmake -DROOT=dir -DFILES=a.txt,b.txt -DOUT=out.cpp -DHEADER=models/x.h
#         -DNAMESPACE=bao::models -DFUNCTION=name [-DSTRIP_SUFFIX=.txt] -P embed_files.cmake
foreach(var ROOT FILES OUT HEADER NAMESPACE FUNCTION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_files.cmake: -D${var}=... is missing")
  endif()
endforeach()
string(REPLACE "," ";" files "${FILES}")
set(out "// Generated from ${ROOT} by cmake/embed_files.cmake: do not edit.\n")
string(APPEND out "#include \"${HEADER}\"\n\nnamespace ${NAMESPACE} {\n\n")
string(APPEND out "const std::vector<std::pair<std::string, std::string>>& ${FUNCTION}() {\n")
string(APPEND out "  static const std::vector<std::pair<std::string, std::string>> files = {\n")
foreach(f IN LISTS files)
  file(READ "${ROOT}/${f}" text)
  string(FIND "${text}" ")BAOEMBED\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${ROOT}/${f} contains the raw string delimiter )BAOEMBED\"")
  endif()
  set(name "${f}")
  if(DEFINED STRIP_SUFFIX)
    string(LENGTH "${name}" n)
    string(LENGTH "${STRIP_SUFFIX}" k)
    if(n GREATER k)
      math(EXPR at "${n} - ${k}")
      string(SUBSTRING "${name}" ${at} ${k} tail)
      if(tail STREQUAL STRIP_SUFFIX)
        string(SUBSTRING "${name}" 0 ${at} name)
      endif()
    endif()
  endif()
  string(APPEND out "      {\"${name}\", R\"BAOEMBED(${text})BAOEMBED\"},\n")
endforeach()
string(APPEND out "  };\n  return files;\n}\n\n}  // namespace ${NAMESPACE}\n")
file(WRITE "${OUT}.tmp" "${out}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
