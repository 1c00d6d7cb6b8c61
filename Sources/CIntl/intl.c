#include "CIntl.h"

#include <libintl.h>
#include <locale.h>

#define KNOBS_DOMAIN "knobs"

int knobs_intl_init(const char *localedir) {
  int known = setlocale(LC_ALL, "") != NULL;
  bindtextdomain(KNOBS_DOMAIN, localedir);
  bind_textdomain_codeset(KNOBS_DOMAIN, "UTF-8");
  /* No textdomain(KNOBS_DOMAIN): GTK's own widget templates look their texts up
     in the default domain ("(None)" in an empty drop-down, "Search…"), which
     must stay GTK's, or they show in English. Knobs names its domain in every lookup. */
  return known;
}

const char *knobs_gettext(const char *msgid) { return dgettext(KNOBS_DOMAIN, msgid); }

const char *knobs_ngettext(const char *singular, const char *plural, unsigned long count) {
  return dngettext(KNOBS_DOMAIN, singular, plural, count);
}

const char *knobs_intl_directory(void) { return bindtextdomain(KNOBS_DOMAIN, NULL); }
