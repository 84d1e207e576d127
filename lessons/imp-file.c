/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-file.c: reading a user's files within bounds and replacing files atomically.
 *
 * Every scene, session and lesson is read here, so a name that leads to a FIFO (which
 * would block forever), a device such as /dev/zero (endless) or a huge file is
 * refused the same way everywhere; and every file Impulse writes over (a session, an
 * export) is replaced by one rule.
 */
#define _GNU_SOURCE /* O_TMPFILE */
#include "imp-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40

static const char *
describe_mode (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a directory");
  if (S_ISFIFO (mode))
    return _("a FIFO (named pipe)");
  if (S_ISCHR (mode))
    return _("a character device");
  if (S_ISBLK (mode))
    return _("a block device");
  if (S_ISSOCK (mode))
    return _("a socket");
  return _("not a regular file");
}

static gboolean
too_large (GError **error, guint64 size)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
               _("expected a file of at most %zu bytes (64 MiB), got %llu bytes"),
               (size_t) IMP_FILE_MAX_SIZE, (unsigned long long) size);
  return FALSE;
}

static gboolean
errno_error (GError **error, const char *format, const char *path, int saved)
{
  /* format is one of the two messages below, the file's name and the reason. */
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), format, path, g_strerror (saved));
  return FALSE;
}

/* A local file: opened without blocking (a FIFO would wait for a writer), checked
 * by its descriptor (the name may change meanwhile), read to at most the limit (a
 * file may grow while it is read). */
static gboolean
load_local (const char *path, char **contents, gsize *length, GError **error)
{
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    return errno_error (error, _("Error opening file %s: %s"), path, errno);

  struct stat st;
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;
      close (fd);
      return errno_error (error, _("Error reading file %s: %s"), path, saved);
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("expected a regular file, got %s"), describe_mode (st.st_mode));
      return FALSE;
    }
  if ((guint64) st.st_size > IMP_FILE_MAX_SIZE)
    {
      close (fd);
      return too_large (error, (guint64) st.st_size);
    }

  gsize capacity = (gsize) st.st_size + 1;
  gsize used = 0;
  char *buffer = g_malloc (capacity + 1);
  for (;;)
    {
      if (used == capacity)
        {
          if (capacity > IMP_FILE_MAX_SIZE)
            {
              g_free (buffer);
              close (fd);
              return too_large (error, used);
            }
          capacity = MIN (2 * capacity, IMP_FILE_MAX_SIZE + 1);
          buffer = g_realloc (buffer, capacity + 1);
        }
      ssize_t n = read (fd, buffer + used, capacity - used);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_free (buffer);
          close (fd);
          return errno_error (error, _("Error reading file %s: %s"), path, saved);
        }
      if (n == 0)
        break;
      used += (gsize) n;
    }
  close (fd);
  buffer[used] = '\0';
  *contents = buffer;
  *length = used;
  return TRUE;
}

/**
 * imp_file_load:
 * @file: a local file or a URI (such as a shipped "resource://" scene)
 * @contents: (out) (transfer full): the bytes, with a NUL after them
 * @length: (out): their number
 * @error: a #G_IO_ERROR: what the file is when it is no regular file
 *   (%G_IO_ERROR_NOT_REGULAR_FILE), %G_IO_ERROR_MESSAGE_TOO_LARGE past
 *   %IMP_FILE_MAX_SIZE, or why it cannot be read
 *
 * Reads a whole regular file of at most %IMP_FILE_MAX_SIZE bytes.
 *
 * Returns: %TRUE when the file was read
 */
gboolean
imp_file_load (GFile *file, char **contents, gsize *length, GError **error)
{
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  g_autofree char *path = g_file_get_path (file);
  if (path != NULL)
    return load_local (path, contents, length, error);

  g_autoptr (GFileInfo) info = g_file_query_info (
      file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
      G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("expected a regular file, got %s"),
                   g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY ? _("a directory")
                                                                              : _("another kind"));
      return FALSE;
    }
  if ((guint64) g_file_info_get_size (info) > IMP_FILE_MAX_SIZE)
    return too_large (error, (guint64) g_file_info_get_size (info));
  return g_file_load_contents (file, NULL, contents, length, NULL, error);
}

/**
 * imp_file_follow_links:
 * @path: a file name
 *
 * The file a chain of symbolic links ends at (@path itself when it is no link), so
 * that writing replaces that file and the links keep pointing at it.
 *
 * Returns: (transfer full): the file name
 */
char *
imp_file_follow_links (const char *path)
{
  char *current = g_strdup (path);

  for (int i = 0; i < MAX_LINKS && g_file_test (current, G_FILE_TEST_IS_SYMLINK); i++)
    {
      g_autofree char *link = g_file_read_link (current, NULL);
      if (link == NULL)
        break;
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (current);
          g_free (current);
          current = g_build_filename (dir, link, NULL);
        }
      else
        {
          g_free (current);
          current = g_steal_pointer (&link);
        }
    }
  return current;
}

static gboolean
write_all (int fd, const guint8 *data, gsize length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Writes the data, makes it durable and gives the file its final permissions. */
static gboolean
fill (int fd, const void *data, gsize length, gboolean keep_mode, mode_t mode)
{
  return write_all (fd, data, length) && fsync (fd) == 0
         && (!keep_mode || fchmod (fd, mode & 07777) == 0);
}

/* Links an unnamed file (O_TMPFILE) at name; fails with EEXIST when name exists. */
static int
link_unnamed (int fd, const char *name)
{
  char proc[64];
  g_snprintf (proc, sizeof proc, "/proc/self/fd/%d", fd);
  if (linkat (AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
    return 0;
  return errno;
}

/* A hidden name beside target that nothing has yet: ".NAME.XXXXXX". */
static char *
temp_template (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  return g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
}

/* Gives the written temporary file the name target: over it when overwrite, else only
 * when nothing has that name (a hard link is that test and the naming in one step;
 * file systems without hard links get a check, then a rename). */
static int
claim (const char *temp, const char *target, gboolean overwrite)
{
  if (overwrite)
    return g_rename (temp, target) == 0 ? 0 : errno;
  if (link (temp, target) == 0)
    {
      g_unlink (temp);
      return 0;
    }
  int saved = errno;
  if (saved != EPERM && saved != ENOTSUP && saved != EOPNOTSUPP && saved != EMLINK
      && saved != ENOSYS)
    return saved;
  if (g_file_test (target, G_FILE_TEST_EXISTS))
    return EEXIST;
  return g_rename (temp, target) == 0 ? 0 : errno;
}

/* The unnamed way: nothing is visible until the file is whole, and a process killed
 * while writing leaves nothing behind. Returns -1 when the file system has no
 * unnamed files, else 0 or an errno. */
static int
replace_unnamed (const char *target, const void *data, gsize length, gboolean overwrite,
                 gboolean keep_mode, mode_t mode)
{
#ifdef O_TMPFILE
  g_autofree char *dir = g_path_get_dirname (target);
  int fd = g_open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL ? -1 : errno;
  if (!fill (fd, data, length, keep_mode, mode))
    {
      int saved = errno;
      close (fd);
      return saved;
    }
  int saved = 0;
  if (!overwrite)
    saved = link_unnamed (fd, target);
  else
    {
      /* A name is needed for the rename over target: the file has one only for the
       * moment between these two calls. */
      for (int attempt = 0; attempt < 100; attempt++)
        {
          g_autofree char *temp = temp_template (target);
          char *x = strrchr (temp, 'X') - 5;
          for (int i = 0; i < 6; i++)
            x[i] = "abcdefghijklmnopqrstuvwxyz0123456789"[g_random_int_range (0, 36)];
          saved = link_unnamed (fd, temp);
          if (saved == EEXIST)
            continue;
          if (saved == 0 && (saved = claim (temp, target, TRUE)) != 0)
            g_unlink (temp);
          break;
        }
    }
  if (close (fd) != 0 && saved == 0)
    saved = errno;
  /* No /proc to name the file by: the named way still works. */
  if (saved == ENOENT && !g_file_test ("/proc/self/fd", G_FILE_TEST_IS_DIR))
    return -1;
  return saved;
#else
  return -1;
#endif
}

/* The named way, for file systems without unnamed files. */
static int
replace_named (const char *target, const void *data, gsize length, gboolean overwrite,
               gboolean keep_mode, mode_t mode)
{
  g_autofree char *temp = temp_template (target);
  int fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return errno;
  int saved = fill (fd, data, length, keep_mode, mode) ? 0 : errno;
  if (close (fd) != 0 && saved == 0)
    saved = errno;
  if (saved == 0)
    saved = claim (temp, target, overwrite);
  if (saved != 0)
    g_unlink (temp);
  return saved;
}

/**
 * imp_file_replace:
 * @path: the file to write
 * @data: (array length=length): its new contents
 * @length: their size in bytes
 * @overwrite: replace @path when it exists; otherwise an existing @path is a
 *   %G_IO_ERROR_EXISTS error
 * @error: a #G_IO_ERROR, its message g_strerror()'s
 *
 * Writes a file atomically, by one rule for everything Impulse writes over: a
 * reader (or a crash) sees the old file or the whole new one, never a part; a
 * failure leaves the old file as it was and no temporary file; an existing file
 * keeps its permissions; and when @path is a symbolic link, the file it leads to
 * is the one replaced and the link stays. The new contents are written to an
 * unnamed file (O_TMPFILE) that gets its name only when whole, so even a process
 * killed while writing leaves nothing behind; file systems without unnamed files
 * get a hidden ".NAME.XXXXXX" file beside @path instead.
 *
 * Returns: %TRUE when the file was written
 */
gboolean
imp_file_replace (const char *path, const void *data, gsize length, gboolean overwrite,
                  GError **error)
{
  g_return_val_if_fail (path != NULL && (data != NULL || length == 0), FALSE);

  g_autofree char *target = imp_file_follow_links (path);
  GStatBuf st;
  gboolean existed = g_stat (target, &st) == 0;
  int saved = 0;

  if (existed && !overwrite)
    saved = EEXIST;
  else if (existed && S_ISDIR (st.st_mode))
    saved = EISDIR;
  else
    {
      saved = replace_unnamed (target, data, length, overwrite, existed, existed ? st.st_mode : 0);
      if (saved < 0)
        saved = replace_named (target, data, length, overwrite, existed,
                               existed ? st.st_mode : 0);
    }
  if (saved == 0)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
  return FALSE;
}
