# docs.cmake - writes the manual page and the bash completion script that
# the benchdb binary BIN makes from its option tables into DIR.
function(write_doc file)
  execute_process(COMMAND ${BIN} ${ARGN} OUTPUT_FILE ${DIR}/${file}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "benchdb ${ARGN} failed (${rc})")
  endif()
endfunction()
write_doc(benchdb.1 man)
write_doc(benchdb.bash completion bash)
