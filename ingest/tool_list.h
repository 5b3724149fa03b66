/* tool_list.h - the tools benchdb reads, in the registry's order (which
 * matters only for ties in detection, which are reported rather than
 * broken). Each BDB_TOOL(id) has a parser bdb_parser_<id> (parse_*.c) and
 * a record bdb_tool_<id> (tool_records.c); BDB_TOOL_RECORD(id) is a tool
 * known only from published figures (results CSV), with a record and no
 * parser. Include it after defining the macros you use; it undefines
 * them. */
#ifndef BDB_TOOL
#define BDB_TOOL(id)
#endif
#ifndef BDB_TOOL_RECORD
#define BDB_TOOL_RECORD(id)
#endif
BDB_TOOL(ab)
BDB_TOOL(wrk)
BDB_TOOL(redis_benchmark)
BDB_TOOL(fio)
BDB_TOOL(openssl_speed)
BDB_TOOL(hdparm)
BDB_TOOL(dd)
BDB_TOOL(iperf)
BDB_TOOL(iperf3)
BDB_TOOL(time)
BDB_TOOL_RECORD(tmpfs)
BDB_TOOL_RECORD(stream)
BDB_TOOL_RECORD(mbw)
BDB_TOOL_RECORD(gzip)
#undef BDB_TOOL
#undef BDB_TOOL_RECORD
