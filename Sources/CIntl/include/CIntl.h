#ifndef KNOBS_INTL_H
#define KNOBS_INTL_H

/* gettext for Knobs, without GTK: the model may use it. Every lookup names the
   domain "knobs", so other libraries' textdomain() calls cannot redirect it. */

/* Sets the locale from the environment (setlocale(LC_ALL, "")) and binds the
   domain "knobs" to `localedir` with UTF-8 output. The default domain is left
   alone, for GTK's own texts. Returns 0 when the locale
   could not be set (an unknown LANG), in which case texts stay English. */
int knobs_intl_init(const char *localedir);

/* The translation of `msgid`, or `msgid` itself. */
const char *knobs_gettext(const char *msgid);

/* The plural form of `singular`/`plural` for `count` in the user's language. */
const char *knobs_ngettext(const char *singular, const char *plural, unsigned long count);

/* Another application's domain, for the texts of its panel: binds `domain` to
   `localedir` (unless it is NULL: the system's folder) with UTF-8 output. The
   domain "knobs" keeps its own binding. */
void knobs_intl_bind(const char *domain, const char *localedir);

/* The translation of `msgid` in `domain`, or `msgid` itself. */
const char *knobs_dgettext(const char *domain, const char *msgid);

/* The folder the domain is bound to (for messages and tests). */
const char *knobs_intl_directory(void);

#endif
