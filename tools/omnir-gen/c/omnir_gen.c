/* The installed `omnir-gen` (PREFIX/bin/omnir-gen): writes the typed bindings of a dialect
 * definition file for a build system that has no Python or Node at hand (CMake's
 * omnir_add_dialect). A thin command over libomnir.so.0: the generator is the core's
 * (omnir_dialect_generate_bindings), the same one `python -m omnir.gen` and `npx omnir-gen`
 * reach.
 *
 *   omnir-gen LANGUAGE DIALECT [--irdl-file FILE]... [-o OUT]
 *
 * LANGUAGE: cxx, c, rust, swift, python, javascript or typescript. Without --irdl-file, DIALECT is a shipped
 * one. Errors (an unreadable file, a definition that does not load, an unknown dialect or
 * language) are printed with the core's message and exit 1; nothing is written then. */
#include <omnir/omnir.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void) {
  fprintf(stderr, "usage: omnir-gen cxx|c|rust|swift|python|javascript|typescript DIALECT [--irdl-file FILE]... [-o OUT]\n");
  return 2;
}

/* The core's last error, printed after `what`. */
static int fail(const char *what) {
  struct omnir_string message = omnir_last_error_message();
  fprintf(stderr, "omnir-gen: %s: %.*s\n", what, (int)message.len, message.data ? message.data : "");
  omnir_string_free(message);
  return 1;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(buf, cap *= 2);
      if (!bigger) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = bigger;
    }
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return usage();
  const char *language = argv[1], *dialect = argv[2], *out_path = NULL;
  const char **files = calloc((size_t)argc, sizeof *files);
  size_t nfiles = 0;
  for (int i = 3; i < argc; ++i) {
    if (!strcmp(argv[i], "--irdl-file") && i + 1 < argc)
      files[nfiles++] = argv[++i];
    else if (!strcmp(argv[i], "-o") && i + 1 < argc)
      out_path = argv[++i];
    else
      return usage();
  }
  struct omnir_context *ctx = NULL;
  if (omnir_context_create(&ctx) != OMNIR_OK)
    return fail("omnir_context_create");
  int status = 0;
  char source[4096] = "";
  for (size_t k = 0; k < nfiles && !status; ++k) {
    size_t len = 0;
    char *text = read_file(files[k], &len);
    if (!text) {
      fprintf(stderr, "omnir-gen: %s: cannot read it\n", files[k]);
      status = 1;
      break;
    }
    if (omnir_dialect_load_definitions(ctx, text, len, files[k], strlen(files[k])) != OMNIR_OK)
      status = fail(files[k]);
    free(text);
    if (strlen(source) + strlen(files[k]) + 3 < sizeof source) {
      if (k)
        strcat(source, ", ");
      strcat(source, files[k]);
    }
  }
  struct omnir_string text = {0};
  if (!status && omnir_dialect_generate_bindings(ctx, dialect, strlen(dialect), language, strlen(language), source,
                                                 strlen(source), &text) != OMNIR_OK)
    status = fail(dialect);
  if (!status) {
    FILE *out = out_path ? fopen(out_path, "wb") : stdout;
    if (!out || fwrite(text.data, 1, text.len, out) != text.len || (out_path && fclose(out) != 0)) {
      fprintf(stderr, "omnir-gen: %s: cannot write it\n", out_path ? out_path : "standard output");
      status = 1;
    }
  }
  omnir_string_free(text);
  omnir_context_destroy(ctx);
  free(files);
  return status;
}
