/* libyaml's parser (Debian's libyaml-dev), for reading panel files. */
#include <yaml.h>
