#include "CIntl.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

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

void knobs_intl_bind(const char *domain, const char *localedir) {
  if (strcmp(domain, KNOBS_DOMAIN) == 0) return;
  if (localedir != NULL) bindtextdomain(domain, localedir);
  bind_textdomain_codeset(domain, "UTF-8");
}

const char *knobs_dgettext(const char *domain, const char *msgid) { return dgettext(domain, msgid); }

const char *knobs_intl_directory(void) { return bindtextdomain(KNOBS_DOMAIN, NULL); }
