// Every import of ctm_dpi_pkg misused on purpose, from SystemVerilog (issue 25), as
// tests/unit/test_ctm_misuse.c does from C: each call that takes a handle is given null, a
// freed handle and a live handle of another kind (a chandle has no type), and each argument
// case of the C table that the package can express is given just outside its range (the C
// table's NULL strings become "" here; ctm_model_set_input is C only). Each call must return
// the documented error value (CTM_E_ARG or CTM_E_STATE for a status, 0 for a value, the error
// text for a string) and its message, ctm_error(), must name the function and the argument;
// a misuse of a live pred, stack or fc handle must also be the handle's next check's
// CTM_E_ARG with the message as its diff (a model handle: its ctm_model_error).
// +elf=PATH: the executable for ctm_model_new (default mandelbrot.elf).
// Prints "tb_misuse: PASS, N checks", or stops with $fatal at the first failing check.
module tb_misuse;
  import ctm_dpi_pkg::*;

  // the calls that take a handle: 12 pred, 9 stack, 10 fc, 11 model, 13 commit checker, 7 pe
  localparam int HandleCases = 62;
  localparam bit [511:0] NoBc = '0;  // bc_o of ctm_fc_check
  localparam string NoFile = "/nonexistent/tb_misuse.elf";

  int checks = 0;
  string elf = "mandelbrot.elf";
  chandle p, s, f, m;  // live handles for the argument cases, made afresh for each

  // ------------------------------------------------------------ checks

  function automatic bit starts_with(string str, string prefix);
    if (prefix.len() > str.len()) return 1'b0;
    return prefix.len() == 0 || str.substr(0, prefix.len() - 1) == prefix;
  endfunction

  function automatic bit contains(string str, string part);
    if (part.len() == 0) return 1'b1;
    for (int i = 0; i + part.len() <= str.len(); i++)
      if (str.substr(i, i + part.len() - 1) == part) return 1'b1;
    return 1'b0;
  endfunction

  function automatic void check_value(string what, longint got, int want);
    checks++;
    if (got != longint'(want))
      $fatal(1, "tb_misuse: %s: returned %0d, want %0d (ctm_error: \"%s\")", what, got, want,
             ctm_error());
  endfunction

  function automatic void check_status(string what, int got, int want);
    check_value(what, longint'(got), want);
  endfunction

  // A failed call's message: "FUNC: ..." holding says (the argument, its value and range).
  function automatic void check_message(string what, string msg, string func, string says);
    checks++;
    if (!starts_with(msg, {func, ": "}) || !contains(msg, says))
      $fatal(1, "tb_misuse: %s: message \"%s\", want \"%s: ...%s...\"", what, msg, func, says);
  endfunction

  function automatic void check_text(string what, string got, string want);
    checks++;
    if (got != want) $fatal(1, "tb_misuse: %s: \"%s\", want \"%s\"", what, got, want);
  endfunction

  // ------------------------------------------------------------ bad handles

  // A string result as the C test widens it: 1 if it is ctm_error()'s text.
  function automatic longint is_error_text(string r);
    return longint'(r == ctm_error());
  endfunction

  // Handle case k (0 .. HandleCases-1): the call, and its result widened to longint. Each kind
  // has its handle (the call takes its own kind's).
  function automatic longint call(int k, chandle hp, chandle hs, chandle hf, chandle hm,
                                  chandle hc, chandle he);
    /* verilator lint_off UNUSEDSIGNAL */
    longint unsigned v;  // the refused calls' output, 0: not read
    int port, lane;
    /* verilator lint_on UNUSEDSIGNAL */
    case (k)
      0: ctm_pred_step(hp, 0, 2, 0, 1, 0);
      1: ctm_pred_eval(hp, 0, 2, 0, 1, 0);
      2: ctm_pred_edge(hp);
      3: return longint'(ctm_pred_peek(hp, 0, CTM_PRED_OBS_SP));
      4: return longint'(ctm_pred_expect(hp, CTM_PRED_EXEC_MASK));
      5: return longint'(ctm_pred_check(hp, 0, 0, 0, 0, 0, 0, 0, 0));
      6: return is_error_text(ctm_pred_diff(hp));
      7: return longint'(ctm_pred_diff_port(hp, port, lane));
      8: return is_error_text(ctm_pred_report(hp, CTM_REPORT_TEXT));
      9: return longint'(ctm_pred_set_cycle(hp, 7));
      10: return longint'(ctm_pred_set_history(hp, 4));
      11: ctm_pred_free(hp);
      12: ctm_stack_step(hs, 0, 1, 0, 0, 0, 8);
      13: return longint'(ctm_stack_expect(hs, CTM_STACK_ENTRIES));
      14: return longint'(ctm_stack_check(hs, 0, 0, 0, 0, 0, 0, 0, 0));
      15: return is_error_text(ctm_stack_diff(hs));
      16: return longint'(ctm_stack_diff_port(hs, port, lane));
      17: return is_error_text(ctm_stack_report(hs, CTM_REPORT_JSON));
      18: return longint'(ctm_stack_set_cycle(hs, 7));
      19: return longint'(ctm_stack_set_history(hs, 4));
      20: ctm_stack_free(hs);
      21: ctm_fc_step(hf, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
      22: return longint'(ctm_fc_expect(hf, CTM_FC_ACTIVE));
      23: return longint'(ctm_fc_expect_bc(hf, 0));
      24: return longint'(ctm_fc_check(hf, 0, 0, 0, 0, 0, 0, NoBc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                       0, 0, 0));
      25: return is_error_text(ctm_fc_diff(hf));
      26: return longint'(ctm_fc_diff_port(hf, port, lane));
      27: return is_error_text(ctm_fc_report(hf, CTM_REPORT_TEXT));
      28: return longint'(ctm_fc_set_cycle(hf, 7));
      29: return longint'(ctm_fc_set_history(hf, 4));
      30: ctm_fc_free(hf);
      31: return longint'(ctm_model_load_input(hm, 0, "/dev/null", CTM_FMT_FLOAT32_1, 4, 1));
      32: return longint'(ctm_model_set_constf(hm, 0, 1.0, 2.0, 3.0, 4.0));
      33: return longint'(ctm_model_set_consti(hm, 0, 1, 0, 1));
      34: return longint'(ctm_model_set_constb(hm, 0, 1));
      35: return longint'(ctm_model_step(hm));
      36: return longint'(ctm_model_get(hm, "cmd"));
      37: return longint'(ctm_model_get_port(hm, ctm_model_port("cmd")));
      38: return is_error_text(ctm_model_error(hm));
      39: return longint'(ctm_model_cover(hm, 0));
      40: return is_error_text(ctm_model_cover_report(hm, CTM_REPORT_TEXT));
      41: ctm_model_free(hm);
      42: return longint'(ctm_commit_put_fields(hc, 0, 0, CTM_COMMIT_START, -1, 0, 1, 0, 0, 0, 0,
                                                1, 0));
      43: return longint'(ctm_commit_clock(hc, 5));
      44: return longint'(ctm_commit_set_watchdog(hc, 5));
      45: return longint'(ctm_commit_finish(hc));
      46: return longint'(ctm_commit_count(hc));
      47: return is_error_text(ctm_commit_diff(hc));
      48: return is_error_text(ctm_commit_report(hc, CTM_REPORT_TEXT));
      49: return longint'(ctm_commit_share(hc));
      50: return longint'(ctm_commit_set_family(hc, CTM_COMMIT_FAMILY_PRED));
      51: return longint'(ctm_commit_put_state(hc, 0, 0, CTM_COMMIT_FC_STATE, 0, 0, 0, 0, 0, 0, 0,
                                               0, 0, 0, 0, 0, '0));
      52: return longint'(ctm_commit_set_regions(hc, CTM_REGIONS_ALL));
      53: return longint'(ctm_commit_put_regions(hc, 0, 0, 0, 0));
      54: ctm_commit_free(hc);
      55: return longint'(ctm_pe_put(he, 32'hC000_1B00));
      56: return longint'(ctm_pe_finish(he));
      57: return is_error_text(ctm_pe_error(he));
      58: return longint'(ctm_pe_field(he, "opcode", v));
      59: return longint'(ctm_pe_get(he, "words", v));
      60: return longint'(ctm_pe_surface(he, CTM_PE_INPUT, 0, CTM_PE_SURF_BASE, v));
      default: ctm_pe_free(he);
    endcase
    return 0;
  endfunction

  // Handle case k's function, its kind, its documented error value (a string: 1, the error
  // text) and whether, given null, it keeps the last message instead of making one (a free
  // does nothing, as free(NULL) does; a call that returns a message returns the last one,
  // which says why there is no handle).
  function automatic void row(input int k, output string func, output string kind,
                              output int want, output bit keeps);
    want = 0;
    keeps = 1'b0;
    case (k)
      0: func = "ctm_pred_step";
      1: func = "ctm_pred_eval";
      2: func = "ctm_pred_edge";
      3: func = "ctm_pred_peek";
      4: func = "ctm_pred_expect";
      5: begin func = "ctm_pred_check"; want = CTM_E_ARG; end
      6: begin func = "ctm_pred_diff"; want = 1; keeps = 1'b1; end
      7: begin func = "ctm_pred_diff_port"; want = CTM_E_ARG; end
      8: begin func = "ctm_pred_report"; want = 1; keeps = 1'b1; end
      9: begin func = "ctm_pred_set_cycle"; want = CTM_E_ARG; end
      10: begin func = "ctm_pred_set_history"; want = CTM_E_ARG; end
      11: begin func = "ctm_pred_free"; keeps = 1'b1; end
      12: func = "ctm_stack_step";
      13: func = "ctm_stack_expect";
      14: begin func = "ctm_stack_check"; want = CTM_E_ARG; end
      15: begin func = "ctm_stack_diff"; want = 1; keeps = 1'b1; end
      16: begin func = "ctm_stack_diff_port"; want = CTM_E_ARG; end
      17: begin func = "ctm_stack_report"; want = 1; keeps = 1'b1; end
      18: begin func = "ctm_stack_set_cycle"; want = CTM_E_ARG; end
      19: begin func = "ctm_stack_set_history"; want = CTM_E_ARG; end
      20: begin func = "ctm_stack_free"; keeps = 1'b1; end
      21: func = "ctm_fc_step";
      22: func = "ctm_fc_expect";
      23: func = "ctm_fc_expect_bc";
      24: begin func = "ctm_fc_check"; want = CTM_E_ARG; end
      25: begin func = "ctm_fc_diff"; want = 1; keeps = 1'b1; end
      26: begin func = "ctm_fc_diff_port"; want = CTM_E_ARG; end
      27: begin func = "ctm_fc_report"; want = 1; keeps = 1'b1; end
      28: begin func = "ctm_fc_set_cycle"; want = CTM_E_ARG; end
      29: begin func = "ctm_fc_set_history"; want = CTM_E_ARG; end
      30: begin func = "ctm_fc_free"; keeps = 1'b1; end
      31: begin func = "ctm_model_load_input"; want = CTM_E_ARG; end
      32: begin func = "ctm_model_set_constf"; want = CTM_E_ARG; end
      33: begin func = "ctm_model_set_consti"; want = CTM_E_ARG; end
      34: begin func = "ctm_model_set_constb"; want = CTM_E_ARG; end
      35: begin func = "ctm_model_step"; want = -CTM_E_ARG; end
      36: func = "ctm_model_get";
      37: func = "ctm_model_get_port";
      38: begin func = "ctm_model_error"; want = 1; keeps = 1'b1; end
      39: func = "ctm_model_cover";
      40: begin func = "ctm_model_cover_report"; want = 1; keeps = 1'b1; end
      41: begin func = "ctm_model_free"; keeps = 1'b1; end
      42: begin func = "ctm_commit_put_fields"; want = CTM_E_ARG; end
      43: begin func = "ctm_commit_clock"; want = CTM_E_ARG; end
      44: begin func = "ctm_commit_set_watchdog"; want = CTM_E_ARG; end
      45: begin func = "ctm_commit_finish"; want = CTM_E_ARG; end
      46: func = "ctm_commit_count";
      47: begin func = "ctm_commit_diff"; want = 1; keeps = 1'b1; end
      48: begin func = "ctm_commit_report"; want = 1; keeps = 1'b1; end
      49: begin func = "ctm_commit_share"; want = CTM_E_ARG; end
      50: begin func = "ctm_commit_set_family"; want = CTM_E_ARG; end
      51: begin func = "ctm_commit_put_state"; want = CTM_E_ARG; end
      52: begin func = "ctm_commit_set_regions"; want = CTM_E_ARG; end
      53: begin func = "ctm_commit_put_regions"; want = CTM_E_ARG; end
      54: begin func = "ctm_commit_free"; keeps = 1'b1; end
      55: begin func = "ctm_pe_put"; want = CTM_E_ARG; end
      56: begin func = "ctm_pe_finish"; want = CTM_E_ARG; end
      57: begin func = "ctm_pe_error"; want = 1; keeps = 1'b1; end
      58: begin func = "ctm_pe_field"; want = CTM_E_ARG; end
      59: begin func = "ctm_pe_get"; want = CTM_E_ARG; end
      60: begin func = "ctm_pe_surface"; want = CTM_E_ARG; end
      default: begin func = "ctm_pe_free"; keeps = 1'b1; end
    endcase
    kind = k < 12 ? "ctm_pred" : k < 21 ? "ctm_stack" : k < 31 ? "ctm_fc"
         : k < 42 ? "ctm_model" : k < 55 ? "ctm_commit_checker" : "ctm_pe";
  endfunction

  // The kind whose live handle stands in for this kind's in mode 2.
  function automatic string next_kind(string kind);
    case (kind)
      "ctm_pred": return "ctm_stack";
      "ctm_stack": return "ctm_fc";
      "ctm_fc": return "ctm_model";
      "ctm_model": return "ctm_commit_checker";
      "ctm_commit_checker": return "ctm_pe";
      default: return "ctm_pred";
    endcase
  endfunction

  function automatic chandle new_model(string path);
    return ctm_model_new(path, 4, 1, 4, 1, 4, 4);
  endfunction

  // Every handle case with its kind's handle spoiled: mode 0 null, 1 freed, 2 another kind's.
  function automatic void handle_cases(int mode);
    chandle lp, ls, lf, lm, lcm, lc, le, hp, hs, hf, hm, hc, he, m2;
    string func, kind, what, says, earlier, msg;
    longint got;
    int want;
    bit keeps;
    lp = ctm_pred_new(4, 16, 4);
    ls = ctm_stack_new(64, 0, 0, 16);
    lf = ctm_fc_new(2, 16, 4, 4, 6);
    lm = new_model(elf);
    lcm = new_model(elf);  // driven by the checker lc
    lc = ctm_commit_new(lcm, 2, 0);
    le = ctm_pe_new(4, 4096);
    if (lp == null || ls == null || lf == null || lm == null || lc == null || le == null)
      $fatal(1, "tb_misuse: live handles: %s", ctm_error());
    case (mode)
      0: begin hp = null; hs = null; hf = null; hm = null; hc = null; he = null; end
      1: begin  // freed after the live ones are made: no new reuses their husks before the calls
        hp = ctm_pred_new(2, 8, 2);
        ctm_pred_free(hp);
        hs = ctm_stack_new(16, 1, 1, 4);
        ctm_stack_free(hs);
        hf = ctm_fc_new(1, 8, 2, 2, 4);
        ctm_fc_free(hf);
        hm = new_model(elf);
        ctm_model_free(hm);
        m2 = new_model(elf);
        hc = ctm_commit_new(m2, 2, 0);
        ctm_commit_free(hc);
        ctm_model_free(m2);
        he = ctm_pe_new(1, 2048);
        ctm_pe_free(he);
      end
      default: begin hp = ls; hs = lf; hf = lm; hm = lc; hc = le; he = lp; end
    endcase
    for (int k = 0; k < HandleCases; k++) begin
      void'(ctm_stack_new(20, 0, 0, 1));  // fails: ctm_error() holds an earlier message
      earlier = ctm_error();
      row(k, func, kind, want, keeps);
      got = call(k, hp, hs, hf, hm, hc, he);
      msg = ctm_error();
      what = $sformatf("%s(%s)", func,
                       mode == 0 ? "null" : mode == 1 ? "a freed handle" : next_kind(kind));
      check_value(what, got, want);
      if (mode == 0 && keeps) begin
        check_text({what, ": ctm_error() keeps the earlier message"}, msg, earlier);
      end else begin
        says = mode == 0 ? {"the ", kind, " handle is NULL"}
             : mode == 1 ? {"the ", kind, " handle was freed"}
             : {"the handle is a ", next_kind(kind), ", not a ", kind};
        check_message(what, msg, func, says);
      end
    end
    if (mode == 2) begin  // the refused calls, frees among them, left the live handles alone
      check_status("live ctm_pred after the refused calls", ctm_pred_set_cycle(lp, 0), CTM_OK);
      check_status("live ctm_stack after the refused calls", ctm_stack_set_cycle(ls, 0), CTM_OK);
      check_status("live ctm_fc after the refused calls", ctm_fc_set_cycle(lf, 0), CTM_OK);
      check_status("live ctm_model after the refused calls", ctm_model_set_constb(lm, 0, 1),
                   CTM_OK);
      check_status("live ctm_commit_checker after the refused calls",
                   ctm_commit_set_watchdog(lc, 9), CTM_OK);
      check_status("live ctm_pe after the refused calls", ctm_pe_put(le, 32'hC000_1B00), CTM_OK);
    end
    ctm_pred_free(lp);
    ctm_stack_free(ls);
    ctm_fc_free(lf);
    ctm_model_free(lm);
    ctm_commit_free(lc);
    ctm_model_free(lcm);
    ctm_pe_free(le);
  endfunction

  // ------------------------------------------------------------ bad arguments

  // Live handles of every kind for the next argument case, the last case's freed.
  function automatic void fresh();
    if (p != null) ctm_pred_free(p);
    if (s != null) ctm_stack_free(s);
    if (f != null) ctm_fc_free(f);
    if (m != null) ctm_model_free(m);
    p = ctm_pred_new(4, 16, 4);  // 4 contexts: ctx_i is 2 bits, 0..3
    s = ctm_stack_new(64, 0, 0, 16);
    f = ctm_fc_new(2, 16, 4, 4, 6);
    m = new_model(elf);
    if (p == null || s == null || f == null || m == null)
      $fatal(1, "tb_misuse: live handles: %s", ctm_error());
  endfunction

  // A ctm_*_new refused: null, and why.
  function automatic void refused_new(string func, string says, chandle h);
    string msg = ctm_error();
    check_value({func, ": ", says, ": returns null"}, longint'(h == null), 1);
    check_message({func, ": ", says}, msg, func, says);
  endfunction

  // The misuse the last call made on the live handle of kind: ctm_error() says it, and the
  // handle keeps it: the next ctm_*_check returns CTM_E_ARG with it as ctm_*_diff (a model:
  // ctm_model_error).
  function automatic void misused(string kind, string func, string says);
    string msg = ctm_error(), what = {func, ": ", says};
    check_message(what, msg, func, says);
    case (kind)
      "ctm_pred": begin
        check_status({what, ": next ctm_pred_check"}, ctm_pred_check(p, 0, 0, 0, 0, 0, 0, 0, 0),
                     CTM_E_ARG);
        check_text({what, ": ctm_pred_diff"}, ctm_pred_diff(p), msg);
      end
      "ctm_stack": begin
        check_status({what, ": next ctm_stack_check"}, ctm_stack_check(s, 0, 0, 0, 0, 0, 0, 0, 0),
                     CTM_E_ARG);
        check_text({what, ": ctm_stack_diff"}, ctm_stack_diff(s), msg);
      end
      "ctm_fc": begin
        check_status({what, ": next ctm_fc_check"},
                     ctm_fc_check(f, 0, 0, 0, 0, 0, 0, NoBc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                  0), CTM_E_ARG);
        check_text({what, ": ctm_fc_diff"}, ctm_fc_diff(f), msg);
      end
      default: check_text({what, ": ctm_model_error"}, ctm_model_error(m), msg);
    endcase
  endfunction

  // A call that returned the value got for a misuse: want, and the message as misused.
  function automatic void misused_value(string kind, string func, string says, longint got,
                                        int want);
    check_value({func, ": ", says}, got, want);
    misused(kind, func, says);
  endfunction

  // A call that returned the string got for a misuse: the message, ctm_error()'s text.
  function automatic void misused_text(string kind, string func, string says, string got);
    check_text({func, ": ", says, ": returns ctm_error()"}, got, ctm_error());
    misused(kind, func, says);
  endfunction

  // A check before any step on the live handle of kind: CTM_E_STATE, the message in
  // ctm_error() and the diff.
  function automatic void too_early(string kind, string says);
    string func = {kind, "_check"}, what = {func, ": ", says}, diff;
    int got;
    case (kind)
      "ctm_pred": begin
        got = ctm_pred_check(p, 0, 0, 0, 0, 0, 0, 0, 0);
        diff = ctm_pred_diff(p);
      end
      "ctm_stack": begin
        got = ctm_stack_check(s, 0, 0, 0, 0, 0, 0, 0, 0);
        diff = ctm_stack_diff(s);
      end
      default: begin
        got = ctm_fc_check(f, 0, 0, 0, 0, 0, 0, NoBc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        diff = ctm_fc_diff(f);
      end
    endcase
    check_status(what, got, CTM_E_STATE);
    check_message(what, ctm_error(), func, says);
    check_text({what, ": diff"}, diff, ctm_error());
  endfunction

  function automatic void argument_cases();
    // each ctm_*_new with one argument out of range
    refused_new("ctm_pred_new", "contexts = 0 is outside 1..64", ctm_pred_new(0, 16, 4));
    refused_new("ctm_pred_new", "lanes = 65 is outside 1..64", ctm_pred_new(1, 65, 4));
    refused_new("ctm_pred_new", "depth = -1 is outside 1..64", ctm_pred_new(1, 16, -1));
    refused_new("ctm_pred_new_grouped",
                "lanes = 21 is not a whole number of SPUs of 4 SC lanes and 1 SFU lane",
                ctm_pred_new_grouped(32, 21, 32, 4));
    refused_new("ctm_stack_new", "width = 20 is not one of 16, 32, 48, 64",
                ctm_stack_new(20, 0, 0, 8));
    refused_new("ctm_stack_new", "rule = 3 is outside 0..2", ctm_stack_new(64, 3, 0, 8));
    refused_new("ctm_stack_new", "chip = 4 is outside 0..3", ctm_stack_new(64, 0, 4, 8));
    refused_new("ctm_stack_new", "depth = 0 is outside 1..1024", ctm_stack_new(64, 0, 0, 0));
    refused_new("ctm_fc_new", "contexts = 257 is outside 1..256", ctm_fc_new(257, 16, 4, 4, 6));
    refused_new("ctm_fc_new", "lanes = 0 is outside 1..64", ctm_fc_new(1, 0, 4, 4, 6));
    refused_new("ctm_fc_new", "addr_depth = 33 is outside 0..32", ctm_fc_new(1, 16, 33, 4, 6));
    refused_new("ctm_fc_new", "loop_depth = -1 is outside 0..32", ctm_fc_new(1, 16, 4, -1, 6));
    refused_new("ctm_fc_new", "bc_width = 2 is outside 3..8", ctm_fc_new(1, 16, 4, 4, 2));
    refused_new("ctm_model_new", "height = -1 is outside 1..4096",
                ctm_model_new(elf, 8, -1, 16, 1, 4, 4));
    refused_new("ctm_model_new", "width = 4097 is outside 1..4096",
                ctm_model_new(elf, 4097, 1, 16, 1, 4, 4));
    refused_new("ctm_model_new", "lanes = 65 is outside 1..64",
                ctm_model_new(elf, 8, 8, 65, 1, 4, 4));
    refused_new("ctm_model_new", "contexts = 32 is outside 1..16",
                ctm_model_new(elf, 8, 8, 16, 32, 4, 4));
    refused_new("ctm_model_new", "addr_depth = 33 is outside 0..32",
                ctm_model_new(elf, 8, 8, 16, 1, 33, 4));
    refused_new("ctm_model_new", "loop_depth = 99 is outside 0..32",
                ctm_model_new(elf, 8, 8, 16, 1, 4, 99));
    // the executable: a path that does not exist, and "" (SV's nearest to C's NULL path)
    refused_new("ctm_model_new", NoFile, new_model(NoFile));
    check_text("ctm_model_error(null) after a failed ctm_model_new", ctm_model_error(null),
               ctm_error());
    refused_new("ctm_model_new", "elf_path is empty", new_model(""));

    // pred_stack (4 contexts: ctx and obs_ctx 0..3)
    fresh(); ctm_pred_step(p, 0, 8, 0, 0, 0);
    misused("ctm_pred", "ctm_pred_step", "op = 8 is outside 0..7");
    fresh(); ctm_pred_step(p, 0, -1, 0, 0, 0);
    misused("ctm_pred", "ctm_pred_step", "op = -1 is outside 0..7");
    fresh(); ctm_pred_eval(p, 0, 11, 0, 0, 0);
    misused("ctm_pred", "ctm_pred_eval", "op = 11 is outside 0..7");
    fresh(); ctm_pred_step(p, 0, 2, 4, 0, 0);
    misused("ctm_pred", "ctm_pred_step", "ctx = 4 is outside 0..3");
    fresh(); ctm_pred_step(p, 0, 2, 1000000, 0, 0);
    misused("ctm_pred", "ctm_pred_step", "ctx = 1000000 is outside 0..3");
    fresh(); ctm_pred_step(p, 0, 2, -1, 0, 0);
    misused("ctm_pred", "ctm_pred_step", "ctx = -1 is outside 0..3");
    fresh(); ctm_pred_step(p, 0, 2, 0, 0, 4);
    misused("ctm_pred", "ctm_pred_step", "obs_ctx = 4 is outside 0..3");
    fresh();
    misused_value("ctm_pred", "ctm_pred_peek", "ctx = 4 is outside 0..3",
                  longint'(ctm_pred_peek(p, 4, CTM_PRED_OBS_SP)), 0);
    fresh();
    misused_value("ctm_pred", "ctm_pred_peek", "field = 8 is outside 0..7",
                  longint'(ctm_pred_peek(p, 0, CTM_PRED_FIELDS)), 0);
    fresh(); ctm_pred_step(p, 1, 0, 0, 0, 0);
    misused_value("ctm_pred", "ctm_pred_expect", "field = -1 is outside 0..7",
                  longint'(ctm_pred_expect(p, -1)), 0);
    fresh();
    misused_value("ctm_pred", "ctm_pred_expect", "no cycle stepped yet",
                  longint'(ctm_pred_expect(p, CTM_PRED_EXEC_MASK)), 0);
    fresh();
    too_early("ctm_pred", "no cycle to check: call ctm_pred_step or ctm_pred_eval first");
    fresh();
    misused_text("ctm_pred", "ctm_pred_report",
                 "format = 2 is outside 0..1", ctm_pred_report(p, 2));
    fresh();
    misused_value("ctm_pred", "ctm_pred_set_history", "steps = 4097 is outside 0..4096",
                  longint'(ctm_pred_set_history(p, 4097)), CTM_E_ARG);
    fresh();
    misused_value("ctm_pred", "ctm_pred_set_history", "steps = -1 is outside 0..4096",
                  longint'(ctm_pred_set_history(p, -1)), CTM_E_ARG);

    // stack_acct
    fresh(); ctm_stack_step(s, 0, 16, 0, 0, 0, 8);
    misused("ctm_stack", "ctm_stack_step", "op = 16 is outside 0..15");
    fresh(); ctm_stack_step(s, 0, 7, 8, 0, 0, 8);
    misused("ctm_stack", "ctm_stack_step", "pop_count = 8 is outside 0..7");
    fresh(); ctm_stack_step(s, 0, 1, 0, 0, 0, 256);
    misused("ctm_stack", "ctm_stack_step", "stack_size = 256 is outside 0..255");
    fresh(); ctm_stack_step(s, 1, 0, 0, 0, 0, 8);
    misused_value("ctm_stack", "ctm_stack_expect", "field = 8 is outside 0..7",
                  longint'(ctm_stack_expect(s, CTM_STACK_FIELDS)), 0);
    fresh();
    too_early("ctm_stack", "no cycle to check: call ctm_stack_step first");
    fresh();
    misused_value("ctm_stack", "ctm_stack_set_history", "steps = 5000 is outside 0..4096",
                  longint'(ctm_stack_set_history(s, 5000)), CTM_E_ARG);
    fresh();
    misused_text("ctm_stack", "ctm_stack_report",
                 "format = -1 is outside 0..1", ctm_stack_report(s, -1));

    // fc_unit (16 lanes)
    fresh(); ctm_fc_step(f, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    misused("ctm_fc", "ctm_fc_step", "cmd = 4 is outside 0..3");
    fresh(); ctm_fc_step(f, 0, 1, 256, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    misused("ctm_fc", "ctm_fc_step", "ctx = 256 is outside 0..255");
    fresh(); ctm_fc_step(f, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 512, 1);
    misused("ctm_fc", "ctm_fc_step", "pc = 512 is outside 0..511");
    fresh(); ctm_fc_step(f, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    misused_value("ctm_fc", "ctm_fc_expect", "field = 19 is outside 0..18",
                  longint'(ctm_fc_expect(f, CTM_FC_FIELDS)), 0);
    fresh(); ctm_fc_step(f, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    misused_value("ctm_fc", "ctm_fc_expect_bc", "lane = 16 is outside 0..15",
                  longint'(ctm_fc_expect_bc(f, 16)), 0);
    fresh();
    too_early("ctm_fc", "no cycle to check: call ctm_fc_step first");
    fresh();
    misused_value("ctm_fc", "ctm_fc_set_history", "steps = -5 is outside 0..4096",
                  longint'(ctm_fc_set_history(f, -5)), CTM_E_ARG);

    // the processor array; the C table's ctm_model_set_input cases on format and width go
    // through ctm_model_load_input here (the same checks), its NULL path and name become ""
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", "n = -1 is outside 0..15",
                  longint'(ctm_model_load_input(m, -1, "/dev/null", CTM_FMT_FLOAT32_1, 4, 1)),
                  CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", "format = 5 is outside 0..4",
                  longint'(ctm_model_load_input(m, 0, "/dev/null", 5, 4, 1)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", "width = 0 is outside 1..8192",
                  longint'(ctm_model_load_input(m, 0, "/dev/null", CTM_FMT_FLOAT32_1, 0, 1)),
                  CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", "height = 8193 is outside 1..8192",
                  longint'(ctm_model_load_input(m, 0, "/dev/null", CTM_FMT_FLOAT32_1, 4, 8193)),
                  CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", NoFile,
                  longint'(ctm_model_load_input(m, 0, NoFile, CTM_FMT_FLOAT32_1, 4, 1)), CTM_E_IO);
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", "path is empty",
                  longint'(ctm_model_load_input(m, 0, "", CTM_FMT_FLOAT32_1, 4, 1)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_load_input", "/dev/null: 0 bytes",
                  longint'(ctm_model_load_input(m, 0, "/dev/null", CTM_FMT_FLOAT32_1, 4, 1)),
                  CTM_E_FORMAT);
    fresh();
    misused_value("ctm_model", "ctm_model_set_constf", "n = 256 is outside 0..255",
                  longint'(ctm_model_set_constf(m, 256, 0.0, 0.0, 0.0, 0.0)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_set_consti", "count = 256 is outside 0..255",
                  longint'(ctm_model_set_consti(m, 0, 256, 0, 0)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_set_consti", "init = -1 is outside 0..255",
                  longint'(ctm_model_set_consti(m, 0, 0, -1, 0)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_set_consti", "step = -129 is outside -128..127",
                  longint'(ctm_model_set_consti(m, 0, 0, 0, -129)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_set_constb", "value = 2 is outside 0..1",
                  longint'(ctm_model_set_constb(m, 0, 2)), CTM_E_ARG);
    fresh();
    misused_value("ctm_model", "ctm_model_set_constb", "n = 32 is outside 0..31",
                  longint'(ctm_model_set_constb(m, 32, 0)), CTM_E_ARG);
    fresh(); check_status("ctm_model_step of a live model", ctm_model_step(m), 1);
    misused_value("ctm_model", "ctm_model_get", "no port named \"no_such_port\"",
                  longint'(ctm_model_get(m, "no_such_port")), 0);
    fresh(); check_status("ctm_model_step of a live model", ctm_model_step(m), 1);
    misused_value("ctm_model", "ctm_model_get", "no port named \"\"",
                  longint'(ctm_model_get(m, "")), 0);
    check_status("ctm_model_port(\"no_such_port\")", ctm_model_port("no_such_port"), -1);
    check_status("ctm_model_port(\"\")", ctm_model_port(""), -1);
    fresh(); check_status("ctm_model_step of a live model", ctm_model_step(m), 1);
    misused_value("ctm_model", "ctm_model_get_port", "port = 99 is outside 0..",
                  longint'(ctm_model_get_port(m, 99)), 0);
    fresh();
    misused_value("ctm_model", "ctm_model_get",
                  "no current step (ctm_model_step has not been called)",
                  longint'(ctm_model_get(m, "cmd")), 0);
    fresh();
    misused_value("ctm_model", "ctm_model_cover", "bin = 329 is outside 0..328",
                  longint'(ctm_model_cover(m, ctm_cover_bins())), 0);
    fresh();
    misused_text("ctm_model", "ctm_model_cover_report", "format = 2 is outside 0..1",
                 ctm_model_cover_report(m, 2));
    check_text("ctm_cover_name(-1)", ctm_cover_name(-1), "");
    check_message("ctm_cover_name(-1)", ctm_error(), "ctm_cover_name", "bin = -1 is outside 0..");
    fresh(); check_status("ctm_model_step of a live model", ctm_model_step(m), 1);
    misused_value("ctm_model", "ctm_model_set_constb", "too late",
                  longint'(ctm_model_set_constb(m, 0, 1)), CTM_E_STATE);
  endfunction

  // A step refused for its op (a 3-bit port would have made 11 a POP) changes nothing: the
  // DUT that saw a NOP there still matches once the misuse has been reported.
  function automatic void refused_step_changes_nothing();
    chandle q = ctm_pred_new(2, 8, 4);
    if (q == null) $fatal(1, "tb_misuse: ctm_pred_new: %s", ctm_error());
    ctm_pred_step(q, 1, CTM_PRED_OP_NOP, 0, 0, 0);
    check_status("reset step then check", ctm_pred_check(q, 'hFF, 'hFF, 'hFF, 'hFF, 0, 0, 0, 0),
                 CTM_OK);
    ctm_pred_step(q, 0, 11, 0, 0, 0);
    check_status("ctm_pred_step op 11 then check",
                 ctm_pred_check(q, 'hFF, 'hFF, 'hFF, 'hFF, 0, 0, 0, 0), CTM_E_ARG);
    check_text("ctm_pred_step op 11 then ctm_pred_diff", ctm_pred_diff(q),
               "ctm_pred_step: op = 11 is outside 0..7");
    check_text("ctm_pred_step op 11 then ctm_error", ctm_error(),
               "ctm_pred_step: op = 11 is outside 0..7");
    ctm_pred_step(q, 0, CTM_PRED_OP_NOP, 0, 0, 0);
    check_status("a NOP step after the refused one then check",
                 ctm_pred_check(q, 'hFF, 'hFF, 'hFF, 'hFF, 0, 0, 0, 0), CTM_OK);
    ctm_pred_free(q);
    ctm_pred_free(q);  // a second free is an error, not a double free
    check_message("ctm_pred_free twice", ctm_error(), "ctm_pred_free",
                  "the ctm_pred handle was freed");
  endfunction

  // The MC's and the CO's pure functions (since 1.7): each argument just outside its range,
  // and one good call of each through DPI, which proves the 128-bit vectors' layout (element
  // byte k in bits [8k +: 8], channel c in [32c +: 32]).
  function automatic void unit_cases();
    longint unsigned a;
    bit [127:0] v, e;
    int unsigned bm;
    int keep, write;
    check_status("ctm_mc_address base 0x400", ctm_mc_address(32'h400, 4, 1, CTM_TILE_LINEAR,
                 CTM_FMT_FLOAT32_1, 0, 0, a), CTM_E_ARG);
    check_message("ctm_mc_address base 0x400", ctm_error(), "ctm_mc_address",
                  "base = 0x400 is not a multiple of 2048");
    check_status("ctm_mc_address pitch 6", ctm_mc_address(0, 6, 1, CTM_TILE_LINEAR,
                 CTM_FMT_FLOAT32_1, 0, 0, a), CTM_E_ARG);
    check_message("ctm_mc_address pitch 6", ctm_error(), "ctm_mc_address", "pitch = 6");
    check_status("ctm_mc_address tiling 4", ctm_mc_address(0, 4, 1, 4, CTM_FMT_FLOAT32_1, 0, 0,
                 a), CTM_E_ARG);
    check_message("ctm_mc_address tiling 4", ctm_error(), "ctm_mc_address",
                  "tiling = 4 is outside 0..3");
    check_status("ctm_mc_address outside", ctm_mc_address(0, 4, 1, CTM_TILE_LINEAR,
                 CTM_FMT_FLOAT32_1, 4, 0, a), CTM_E_FAULT);
    check_status("ctm_mc_address (5, 6) of a tiled 12-wide FLOAT32_2 surface at 2 KiB",
                 ctm_mc_address(2048, 12, 8, CTM_TILE_TILED, CTM_FMT_FLOAT32_2, 5, 6, a), CTM_OK);
    // tile (1, 1) of 3 a row is tile 4; element (1, 2) in it is 9: 2048 + (4 * 16 + 9) * 8
    check_value("its address", longint'(a), 2048 + (4 * 16 + 9) * 8);
    check_value("ctm_mc_element_bytes(7)", longint'(ctm_mc_element_bytes(7)), -CTM_E_ARG);
    check_status("ctm_mc_unpack format 5", ctm_mc_unpack(5, '0, v), CTM_E_ARG);
    check_message("ctm_mc_unpack format 5", ctm_error(), "ctm_mc_unpack", "format = 5");
    check_status("ctm_mc_pack chmask 16", ctm_mc_pack(CTM_FMT_UINT8_4, '0, 16, e, bm), CTM_E_ARG);
    check_message("ctm_mc_pack chmask 16", ctm_error(), "ctm_mc_pack", "chmask = 16");
    v = {32'h3F80_0000, 32'h0000_0000, 32'h3F00_0000, 32'h3F80_0000};  // A 1, B 0, G 0.5, R 1
    check_status("ctm_mc_pack UINT8_4", ctm_mc_pack(CTM_FMT_UINT8_4, v, 'b0101, e, bm), CTM_OK);
    // 0.5 * 255 = 127.5 rounds to even: 128
    check_value("its bytes FF 80 00 FF, the rest 0", longint'(e == 128'hFF00_80FF), 1);
    check_value("its byte mask", longint'(bm), 'b0101);
    check_status("ctm_mc_unpack UINT16_1", ctm_mc_unpack(CTM_FMT_UINT16_1, 128'h1234, v), CTM_OK);
    check_value("channel 0 is 4660.0", longint'(v[31:0]), 32'h4591_A000);
    check_value("channel 3", longint'(v[127:96]), 32'h3F80_0000);
    check_status("ctm_co_decide test 8", ctm_co_decide(8, CTM_CO_LOC_DPP, 0, CTM_CO_LOC_DPP, 0, 0,
                 keep, write), CTM_E_ARG);
    check_message("ctm_co_decide test 8", ctm_error(), "ctm_co_decide", "test = 8 is outside 0..7");
    check_status("ctm_co_decide LESS 1 < 2 at the DPP with write-back",
                 ctm_co_decide(CTM_CO_LESS, CTM_CO_LOC_DPP, 1, CTM_CO_LOC_DPP, 32'h3F80_0000,
                               32'h4000_0000, keep, write), CTM_OK);
    check_value("kept", longint'(keep), 1);
    check_value("written back", longint'(write), 1);
    check_value("ctm_co_reads_buffer(client 2)", longint'(ctm_co_reads_buffer(CTM_CO_LESS, 0, 2)),
                -CTM_E_ARG);
  endfunction

  // The commit checker (since 1.8): its arguments just outside their ranges, a commit on a
  // context that runs no wavefront or is outside the design's (a mismatch, not a crash), and
  // the verdict that stays.
  function automatic void commit_cases();
    chandle cm, c;
    fresh();
    refused_new("ctm_commit_new", "contexts = 0 is outside 1..1024", ctm_commit_new(m, 0, 0));
    refused_new("ctm_commit_new", "level = 3 is outside 0..2", ctm_commit_new(m, 2, 3));
    cm = new_model(elf);
    c = ctm_commit_new(cm, 2, 0);
    if (c == null) $fatal(1, "tb_misuse: ctm_commit_new: %s", ctm_error());
    refused_new("ctm_commit_new", "a checker already drives this ctm_model",
                ctm_commit_new(cm, 2, 0));
    check_value("ctm_model_step of a driven model", longint'(ctm_model_step(cm)), -CTM_E_STATE);
    check_status("ctm_commit_put_fields kind 6", ctm_commit_put_fields(c, 0, 0, 6, -1, 0, 1, 0,
                 0, 0, 0, 1, 0), CTM_E_ARG);
    check_message("ctm_commit_put_fields kind 6", ctm_error(), "ctm_commit_put_fields",
                  "kind = 6 (DIVERGE) is not a kind of level 0");
    check_status("ctm_commit_put_state at level 0", ctm_commit_put_state(c, 0, 0,
                 CTM_COMMIT_FC_STATE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '0), CTM_E_ARG);
    check_message("ctm_commit_put_state at level 0", ctm_error(), "ctm_commit_put_state",
                  "kind = 16 (FC_STATE) is not a kind of level 0");
    check_status("ctm_commit_set_family at level 0",
                 ctm_commit_set_family(c, CTM_COMMIT_FAMILY_PRED), CTM_E_STATE);
    check_status("that misuse, again at the next check", ctm_commit_finish(c), CTM_E_ARG);
    check_status("ctm_commit_put_regions without REGIONS", ctm_commit_put_regions(c, 0, 0, 0, 0),
                 CTM_E_ARG);
    check_message("ctm_commit_put_regions without REGIONS", ctm_error(), "ctm_commit_put_regions",
                  "kind = 18 (REGIONS) is not among the kinds the design commits");
    check_status("ctm_commit_set_regions policy 2", ctm_commit_set_regions(c, 2), CTM_E_ARG);
    check_message("ctm_commit_set_regions policy 2", ctm_error(), "ctm_commit_set_regions",
                  "policy = 2 is outside 0..1");
    check_status("that misuse, again at the next check", ctm_commit_finish(c), CTM_E_ARG);
    check_status("an ALU commit on a context with no wavefront",
                 ctm_commit_put_fields(c, 3, 1, CTM_COMMIT_ALU, -1, 0, 1, 0, 0, 0, 0, 0, 0),
                 CTM_E_MISMATCH);
    check_value("its diff says so", longint'(contains(ctm_commit_diff(c), "runs no wavefront")),
                1);
    check_value("its JSON report", longint'(contains(ctm_commit_report(c, CTM_REPORT_JSON),
                                                     "\"what\":\"context\"")), 1);
    check_status("the verdict stays", ctm_commit_finish(c), CTM_E_MISMATCH);
    ctm_commit_free(c);
    ctm_model_free(cm);
    // a context outside the design's is the design's value: its mismatch, not a misuse
    cm = new_model(elf);
    c = ctm_commit_new(cm, 2, 0);
    check_status("a START on context 2 of 2", ctm_commit_put_fields(c, 0, 2, CTM_COMMIT_START,
                 -1, 0, 1, 0, 0, 0, 0, 1, 0), CTM_E_MISMATCH);
    check_value("its diff names the range", longint'(contains(ctm_commit_diff(c),
                                                           "outside its contexts 0..1")), 1);
    ctm_commit_free(c);
    ctm_model_free(cm);
  endfunction

  // The PE's command processor (since 1.10): its arguments just outside their ranges, a
  // malformed word with dpp exec's text, a stream that stays stopped, and one command read back.
  function automatic void pe_cases();
    chandle e;
    longint unsigned v;
    refused_new("ctm_pe_new", "lanes = 65 is outside 1..64", ctm_pe_new(65, 4096));
    refused_new("ctm_pe_new", "mem_bytes = 0 is outside 1..1073741824", ctm_pe_new(4, 0));
    e = ctm_pe_new(4, 4096);
    if (e == null) $fatal(1, "tb_misuse: ctm_pe_new: %s", ctm_error());
    check_status("ctm_pe_surface index 16", ctm_pe_surface(e, CTM_PE_INPUT, 16, 0, v), CTM_E_ARG);
    check_message("ctm_pe_surface index 16", ctm_error(), "ctm_pe_surface",
                  "index = 16 is outside 0..15");
    check_status("ctm_pe_surface client 7", ctm_pe_surface(e, 7, 0, 0, v), CTM_E_ARG);
    check_message("ctm_pe_surface client 7", ctm_error(), "ctm_pe_surface",
                  "client = 7 is outside 0..6");
    check_status("ctm_pe_surface field 6", ctm_pe_surface(e, CTM_PE_COND, 0, 6, v), CTM_E_ARG);
    check_status("ctm_pe_get \"\"", ctm_pe_get(e, "", v), CTM_E_ARG);
    check_message("ctm_pe_get \"\"", ctm_error(), "ctm_pe_get", "no state named \"\"");
    check_status("ctm_pe_field before a command", ctm_pe_field(e, "opcode", v), CTM_E_STATE);
    check_status("set_cond_test header", ctm_pe_put(e, 32'hC000_1B00), CTM_OK);
    check_status("set_cond_test 4", ctm_pe_put(e, 4), CTM_OK);
    check_status("its field test", ctm_pe_field(e, "test", v), CTM_OK);
    check_value("test", longint'(v), 4);
    check_status("the state cond_test", ctm_pe_get(e, "cond_test", v), CTM_OK);
    check_value("cond_test", longint'(v), 4);
    check_status("ctm_pe_field i0 of set_cond_test", ctm_pe_field(e, "i0", v), CTM_E_ARG);
    check_message("ctm_pe_field i0", ctm_error(), "ctm_pe_field",
                  "set_cond_test has no field \"i0\"");
    check_status("an unknown opcode", ctm_pe_put(e, 32'hC000_4200), CTM_E_FORMAT);
    check_text("its text", ctm_pe_error(e), "ctm_pe_put: byte 8: error: unknown opcode 0x42");
    check_status("the stream stays stopped", ctm_pe_put(e, 32'hC000_1B00), CTM_E_FORMAT);
    check_status("ctm_pe_finish too", ctm_pe_finish(e), CTM_E_FORMAT);
    ctm_pe_free(e);
  endfunction

  // The spoiled handle of mode 0 (null), 1 (a freed handle) or 2 (a live handle of another
  // kind). Not a `?:` of null and a chandle: Verilator 5.050 refuses those operand types.
  function automatic chandle spoiled(int mode, chandle freed, chandle other);
    if (mode == 0) return null;
    return mode == 1 ? freed : other;
  endfunction

  // The transaction checker (since 1.11): each of its calls with null, a freed handle and a
  // live handle of another kind, its arguments just outside their ranges, a put after the drain
  // check, and the verdict of a design that did nothing.
  function automatic longint txn_call(int k, chandle h);
    case (k)
      0: return longint'(ctm_txn_put_fields(h, CTM_UNIT_PE, CTM_TXN_PE_CMD, 1, 0, 0, 0, 0, 4, 0, 0,
                                            0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
      1: return longint'(ctm_txn_finish(h));
      2: return longint'(ctm_txn_count(h));
      3: return is_error_text(ctm_txn_diff(h));
      4: return is_error_text(ctm_txn_report(h, CTM_REPORT_TEXT));
      5: return longint'(ctm_txn_put_bits(h, '0));
      6: return longint'(ctm_txn_set_cycle(h, 7));
      7: return longint'(ctm_txn_share(h));
      default: ctm_txn_free(h);
    endcase
    return 0;
  endfunction

  function automatic void txn_cases();
    chandle tm, t, other, freed, m2;
    string funcs[9] = '{"ctm_txn_put_fields", "ctm_txn_finish", "ctm_txn_count", "ctm_txn_diff",
                        "ctm_txn_report", "ctm_txn_put_bits", "ctm_txn_set_cycle", "ctm_txn_share",
                        "ctm_txn_free"};
    int wants[9] = '{CTM_E_ARG, CTM_E_ARG, 0, 1, 1, CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, 0};
    /* verilator lint_off UNUSEDSIGNAL */
    ctm_txn_t r;  // the refused calls' output: not read
    /* verilator lint_on UNUSEDSIGNAL */
    string msg, earlier;
    longint got;
    fresh();
    refused_new("ctm_txn_new", "units = 0 is outside 1..7", ctm_txn_new(m, 0));
    refused_new("ctm_txn_new", "units = 8 is outside 1..7", ctm_txn_new(m, 8));
    m2 = new_model(elf);
    freed = ctm_txn_new(m2, CTM_UNITS_ALL);
    ctm_txn_free(freed);
    ctm_model_free(m2);
    other = ctm_pe_new(4, 4096);
    for (int mode = 0; mode < 3; mode++) begin
      for (int k = 0; k < 9; k++) begin
        void'(ctm_stack_new(20, 0, 0, 1));
        earlier = ctm_error();
        got = txn_call(k, spoiled(mode, freed, other));
        msg = ctm_error();
        check_value({funcs[k], " with a bad handle"}, got, wants[k]);
        if (mode == 0 && (k == 3 || k == 4 || k == 8))  // diff, report, free of null keep it
          check_text({funcs[k], "(null) keeps the earlier message"}, msg, earlier);
        else
          check_message({funcs[k], " with a bad handle"}, msg, funcs[k],
                        mode == 0 ? "the ctm_txn_checker handle is NULL"
                        : mode == 1 ? "the ctm_txn_checker handle was freed"
                        : "the handle is a ctm_pe, not a ctm_txn_checker");
      end
    end
    ctm_pe_free(other);
    check_value("ctm_model_txn_next of a null model", longint'(ctm_model_txn_next(null, 1, r)),
                -CTM_E_ARG);
    check_message("ctm_model_txn_next of a null model", ctm_error(), "ctm_model_txn_bits",
                  "the ctm_model handle is NULL");
    tm = new_model(elf);
    check_value("ctm_model_txn_next units 0", longint'(ctm_model_txn_next(tm, 0, r)), -CTM_E_ARG);
    check_message("ctm_model_txn_next units 0", ctm_error(), "ctm_model_txn_bits",
                  "units = 0 is outside 1..7");
    ctm_model_free(tm);
    tm = new_model(elf);
    t = ctm_txn_new(tm, 1 << CTM_UNIT_MC);
    if (t == null) $fatal(1, "tb_misuse: ctm_txn_new: %s", ctm_error());
    refused_new("ctm_txn_new", "a checker already drives this ctm_model",
                ctm_txn_new(tm, CTM_UNITS_ALL));
    check_value("ctm_model_step of a model a ctm_txn_checker drives",
                longint'(ctm_model_step(tm)), -CTM_E_STATE);
    check_status("ctm_txn_put_fields unit 3", ctm_txn_put_fields(t, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), CTM_E_ARG);
    check_message("ctm_txn_put_fields unit 3", ctm_error(), "ctm_txn_put_fields",
                  "unit = 3 is outside 0..2");
    check_status("ctm_txn_put_fields kind 11", ctm_txn_put_fields(t, CTM_UNIT_MC, 11, 0, 0, 0, 0,
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), CTM_E_ARG);
    check_message("ctm_txn_put_fields kind 11", ctm_error(), "ctm_txn_put_fields",
                  "kind = 11 is outside 0..10");
    check_status("ctm_txn_put_fields a CO unit", ctm_txn_put_fields(t, CTM_UNIT_CO,
                 CTM_TXN_CO_DECIDE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                 CTM_E_ARG);
    check_message("ctm_txn_put_fields a CO unit", ctm_error(), "ctm_txn_put_fields",
                  "unit = 2 (CO) is not among the checker's units");
    msg = ctm_txn_report(t, 2);  // the error text (read before ctm_error())
    check_text("ctm_txn_report format 2", msg, ctm_error());
    check_message("ctm_txn_report format 2", ctm_error(), "ctm_txn_report",
                  "format = 2 is outside 0..1");
    check_status("the next check reports that misuse", ctm_txn_finish(t), CTM_E_ARG);
    check_value("as its diff", longint'(contains(ctm_txn_diff(t), "format = 2")), 1);
    check_status("the drain check of a design that did nothing", ctm_txn_finish(t),
                 CTM_E_MISMATCH);
    check_value("its diff", longint'(contains(ctm_txn_diff(t), "drain: ")), 1);
    check_value("its JSON report", longint'(contains(ctm_txn_report(t, CTM_REPORT_JSON),
                                                     "\"what\":\"drain\"")), 1);
    check_status("the verdict stays", ctm_txn_put_fields(t, CTM_UNIT_MC, CTM_TXN_MC_FLUSH, 0, 0,
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), CTM_E_MISMATCH);
    ctm_txn_free(t);
    ctm_model_free(tm);
  endfunction

  // The MC's memory (since 1.11): each of its calls with null, a freed handle and a live handle
  // of another kind, its arguments just outside their ranges, the model's faults, and an output
  // write that reaches memory only at the flush.
  function automatic longint mem_call(int k, chandle h);
    /* verilator lint_off UNUSEDSIGNAL */
    bit [127:0] q;  // the refused calls' outputs: not read
    int unsigned w;
    longint unsigned n;
    /* verilator lint_on UNUSEDSIGNAL */
    case (k)
      0: return longint'(ctm_mem_set_surface(h, CTM_PE_INPUT, 0, 0, 4, 1, 0, 0));
      1: return longint'(ctm_mem_set_out_mask(h, 15));
      2: return longint'(ctm_mem_read_input(h, 0, 0, 0, q));
      3: return longint'(ctm_mem_write_output(h, 0, 0, 0, 128'd0, 15));
      4: return longint'(ctm_mem_cond_read(h, 0, 0, w));
      5: return longint'(ctm_mem_cond_write(h, 0, 0, 1));
      6: return longint'(ctm_mem_flush(h));
      7: return longint'(ctm_mem_cache_lines(h));
      8: return longint'(ctm_mem_read_word(h, 0, w));
      9: return longint'(ctm_mem_write_word(h, 0, 1));
      10: return longint'(ctm_mem_cache_counts(h, n, n, n));
      11: return longint'(ctm_mem_check_word(h, 0, 0));
      default: ctm_mem_free(h);
    endcase
    return 0;
  endfunction

  // A mem call's status and message.
  function automatic void mem_refused(string func, string says, int got, int want);
    string msg = ctm_error();
    check_status({func, ": ", says}, got, want);
    check_message({func, ": ", says}, msg, func, says);
  endfunction

  function automatic void mem_cases();
    chandle y, other, freed;
    string funcs[13] = '{"ctm_mem_set_surface", "ctm_mem_set_out_mask", "ctm_mem_read_input",
                         "ctm_mem_write_output", "ctm_mem_cond_read", "ctm_mem_cond_write",
                         "ctm_mem_flush", "ctm_mem_cache_lines", "ctm_mem_read_word",
                         "ctm_mem_write_word", "ctm_mem_cache_counts", "ctm_mem_check_word",
                         "ctm_mem_free"};
    int wants[13] = '{CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, CTM_E_ARG,
                      CTM_E_ARG, -CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, CTM_E_ARG, 0};
    string msg, earlier;
    longint got;
    bit [127:0] q;
    int unsigned w;
    longint unsigned hits, misses, evictions;
    refused_new("ctm_mem_new", "mem_bytes = 0 is outside 1..1073741824", ctm_mem_new(0));
    freed = ctm_mem_new(2048);
    ctm_mem_free(freed);
    other = ctm_pe_new(4, 4096);
    for (int mode = 0; mode < 3; mode++) begin
      for (int k = 0; k < 13; k++) begin
        void'(ctm_stack_new(20, 0, 0, 1));
        earlier = ctm_error();
        got = mem_call(k, spoiled(mode, freed, other));
        msg = ctm_error();
        check_value({funcs[k], " with a bad handle"}, got, wants[k]);
        if (mode == 0 && k == 12)  // free of null keeps the earlier message
          check_text({funcs[k], "(null) keeps the earlier message"}, msg, earlier);
        else
          check_message({funcs[k], " with a bad handle"}, msg, funcs[k],
                        mode == 0 ? "the ctm_mem handle is NULL"
                        : mode == 1 ? "the ctm_mem handle was freed"
                        : "the handle is a ctm_pe, not a ctm_mem");
      end
    end
    ctm_pe_free(other);
    y = ctm_mem_new(8192);
    if (y == null) $fatal(1, "tb_misuse: ctm_mem_new: %s", ctm_error());
    mem_refused("ctm_mem_set_surface", "client = 7 is outside 0..6",
                ctm_mem_set_surface(y, 7, 0, 0, 4, 1, 0, 0), CTM_E_ARG);
    mem_refused("ctm_mem_set_surface", "index = 16 is outside 0..15",
                ctm_mem_set_surface(y, CTM_PE_INPUT, 16, 0, 4, 1, 0, 0), CTM_E_ARG);
    mem_refused("ctm_mem_set_surface", "base = 0x400 is not a multiple of 2048",
                ctm_mem_set_surface(y, CTM_PE_INPUT, 0, 1024, 4, 1, 0, 0), CTM_E_ARG);
    mem_refused("ctm_mem_set_surface", "pitch = 10 is not a multiple of 4 in 0..8188",
                ctm_mem_set_surface(y, CTM_PE_INPUT, 0, 0, 10, 1, 0, 0), CTM_E_ARG);
    mem_refused("ctm_mem_set_surface", "tiling = 4 is outside 0..3",
                ctm_mem_set_surface(y, CTM_PE_INPUT, 0, 0, 4, 1, 4, 0), CTM_E_ARG);
    mem_refused("ctm_mem_set_surface", "format = 5 is outside 0..4",
                ctm_mem_set_surface(y, CTM_PE_INPUT, 0, 0, 4, 1, 0, 5), CTM_E_ARG);
    mem_refused("ctm_mem_set_surface",
                "input surface at 0x1800 (4096 bytes) reaches past the 8192-byte memory",
                ctm_mem_set_surface(y, CTM_PE_INPUT, 1, 6144, 8, 32, 0, CTM_FMT_FLOAT32_4),
                CTM_E_ARG);
    mem_refused("ctm_mem_set_out_mask", "mask = 16 is outside 0..15",
                ctm_mem_set_out_mask(y, 16), CTM_E_ARG);
    mem_refused("ctm_mem_read_input", "input 0 used before its surface was set",
                ctm_mem_read_input(y, 0, 0, 0, q), CTM_E_FAULT);
    q = '1;
    mem_refused("ctm_mem_read_input", "index = 16 is outside 0..15",
                ctm_mem_read_input(y, 16, 0, 0, q), CTM_E_ARG);
    check_value("a refused read's value is 0", longint'(q == 0), 1);
    mem_refused("ctm_mem_write_output", "chmask = 16 is outside 0..15",
                ctm_mem_write_output(y, 0, 0, 0, 128'd0, 16), CTM_E_ARG);
    mem_refused("ctm_mem_cond_write", "conditional buffer 0 used before its surface was set",
                ctm_mem_cond_write(y, 0, 0, 1), CTM_E_FAULT);
    mem_refused("ctm_mem_read_word", "addr = 0x6 is not a multiple of 4",
                ctm_mem_read_word(y, 6, w), CTM_E_ARG);
    mem_refused("ctm_mem_write_word", "addr = 0x2000 is not a multiple of 4",
                ctm_mem_write_word(y, 8192, 1), CTM_E_ARG);
    mem_refused("ctm_mem_check_word", "addr = 0x6 is not a multiple of 4",
                ctm_mem_check_word(y, 6, 0), CTM_E_ARG);
    // FLOAT32_4 output 0 at 0x800: channel c of (1, 0) at 0x810 + 4c, through the cache
    check_status("ctm_mem_set_surface output 0", ctm_mem_set_surface(y, CTM_PE_OUTPUT, 0, 2048,
                 4, 2, CTM_TILE_LINEAR, CTM_FMT_FLOAT32_4), CTM_OK);
    check_status("ctm_mem_set_out_mask 5", ctm_mem_set_out_mask(y, 5), CTM_OK);
    check_status("ctm_mem_write_output", ctm_mem_write_output(y, 0, 1, 0,
                 {32'h4444_4444, 32'h3333_3333, 32'h2222_2222, 32'h1111_1111}, 15), CTM_OK);
    check_value("a line held", longint'(ctm_mem_cache_lines(y)), 1);
    check_status("ctm_mem_read_word", ctm_mem_read_word(y, 32'h810, w), CTM_OK);
    check_value("memory before the flush", longint'(w), 0);
    check_status("ctm_mem_flush", ctm_mem_flush(y), CTM_OK);
    check_value("no line held", longint'(ctm_mem_cache_lines(y)), 0);
    check_status("ctm_mem_cache_counts", ctm_mem_cache_counts(y, hits, misses, evictions), CTM_OK);
    check_value("one miss, no hit, no eviction", longint'(misses * 100 + hits * 10 + evictions),
                100);
    for (int c = 0; c < 4; c++) begin
      void'(ctm_mem_read_word(y, 32'h810 + 4 * c, w));
      check_value($sformatf("channel %0d after the flush (out mask 5)", c), longint'(w),
                  c % 2 == 0 ? 32'h1111_1111 * (c + 1) : 0);
    end
    // the memory-image check: the word as stored passes, one byte off is named
    check_status("ctm_mem_check_word as stored", ctm_mem_check_word(y, 32'h810, 32'h1111_1111),
                 CTM_OK);
    mem_refused("ctm_mem_check_word", {"byte 0x810: channel 0 of output 0 (FLOAT32_4, linear, ",
                "pitch 4) at (1, 0): expected 0x11111111, actual 0x11111110"},
                ctm_mem_check_word(y, 32'h810, 32'h1111_1110), CTM_E_MISMATCH);
    ctm_mem_free(y);
  endfunction

  // A run of a command buffer (since 1.16): its four calls with null, a freed model and a live
  // handle of another kind, each argument just outside its range, the other kind of model's
  // calls refused, and a call after the first step.
  function automatic longint cmd_call(int k, chandle h);
    case (k)
      0: return longint'(ctm_model_load_mem(h, "/dev/null"));
      1: return longint'(ctm_model_put_mem(h, 0, 0));
      2: return longint'(ctm_model_load_cmd(h, "/dev/null"));
      default: return longint'(ctm_model_put_cmd(h, 0));
    endcase
  endfunction

  function automatic void cmd_cases();
    chandle x, elf_m, other, freed;
    string funcs[4] = '{"ctm_model_load_mem", "ctm_model_put_mem", "ctm_model_load_cmd",
                        "ctm_model_put_cmd"};
    refused_new("ctm_model_new_cmd", "mem_bytes = 1000 is not a multiple of 2048",
                ctm_model_new_cmd(1000, 4, 1, 4, 4));
    refused_new("ctm_model_new_cmd", "lanes = 0 is outside 1..64",
                ctm_model_new_cmd(0, 0, 1, 4, 4));
    freed = ctm_model_new_cmd(0, 4, 1, 4, 4);
    ctm_model_free(freed);
    other = ctm_pe_new(4, 4096);
    for (int mode = 0; mode < 3; mode++)
      for (int k = 0; k < 4; k++) begin
        longint got = cmd_call(k, spoiled(mode, freed, other));
        check_value({funcs[k], " with a bad handle"}, got, CTM_E_ARG);
        check_message({funcs[k], " with a bad handle"}, ctm_error(), funcs[k],
                      mode == 0 ? "the ctm_model handle is NULL"
                      : mode == 1 ? "the ctm_model handle was freed"
                      : "the handle is a ctm_pe, not a ctm_model");
      end
    ctm_pe_free(other);
    x = ctm_model_new_cmd(0, 4, 1, 4, 4);
    elf_m = new_model(elf);
    if (x == null || elf_m == null) $fatal(1, "tb_misuse: ctm_model_new_cmd: %s", ctm_error());
    mem_refused("ctm_model_put_mem", "addr = 0x6 is not a multiple of 4",
                ctm_model_put_mem(x, 6, 0), CTM_E_ARG);
    mem_refused("ctm_model_load_cmd", "path is empty", ctm_model_load_cmd(x, ""), CTM_E_ARG);
    mem_refused("ctm_model_load_mem", "/nonexistent.bin",
                ctm_model_load_mem(x, "/nonexistent.bin"), CTM_E_IO);
    mem_refused("ctm_model_put_cmd", "this ctm_model runs an executable",
                ctm_model_put_cmd(elf_m, 0), CTM_E_STATE);
    mem_refused("ctm_model_set_constb", "this ctm_model runs a command buffer",
                ctm_model_set_constb(x, 0, 1), CTM_E_STATE);
    check_status("ctm_model_put_cmd wait_for_idle", ctm_model_put_cmd(x, 32'hC000_0300), CTM_OK);
    check_status("ctm_model_put_cmd its parameter", ctm_model_put_cmd(x, 0), CTM_OK);
    check_value("a buffer without start_program ends at once", longint'(ctm_model_step(x)), 0);
    mem_refused("ctm_model_put_cmd", "too late", ctm_model_put_cmd(x, 0), CTM_E_STATE);
    ctm_model_free(x);
    ctm_model_free(elf_m);
  endfunction

  initial begin
    void'($value$plusargs("elf=%s", elf));
    m = new_model(elf);
    if (m == null) $fatal(1, "tb_misuse: +elf=%s: %s", elf, ctm_error());
    ctm_model_free(m);
    m = null;
    void'(ctm_stack_new(20, 0, 0, 1));
    check_text("a failed ctm_stack_new sets ctm_error()", ctm_error(),
               "ctm_stack_new: width = 20 is not one of 16, 32, 48, 64");
    ctm_clear_error();  // since 1.17
    check_text("ctm_clear_error empties ctm_error()", ctm_error(), "");
    check_message("ctm_pred_diff(null) after ctm_clear_error", ctm_pred_diff(null),
                  "ctm_pred_diff", "the ctm_pred handle is NULL");
    void'(ctm_stack_new(20, 0, 0, 1));
    for (int mode = 0; mode < 3; mode++) handle_cases(mode);
    argument_cases();
    refused_step_changes_nothing();
    unit_cases();
    commit_cases();
    pe_cases();
    txn_cases();
    mem_cases();
    cmd_cases();
    $display("tb_misuse: PASS, %0d checks", checks);
    if (p != null) ctm_pred_free(p);
    if (s != null) ctm_stack_free(s);
    if (f != null) ctm_fc_free(f);
    if (m != null) ctm_model_free(m);
    $finish;
  end
endmodule
