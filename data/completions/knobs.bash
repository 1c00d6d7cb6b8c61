# bash completion for knobs. Knobs answers itself (knobs __complete WORD…): its commands and
# options, every row's path (knobs get appearance/<Tab>), schema/SCHEMA-ID/KEY and the installed
# extensions' uuids, one folder of a path at a time. Installed as
# share/bash-completion/completions/knobs, which bash-completion loads on first use.
_knobs() {
  local knobs=${COMP_WORDS[0]} current=${COMP_WORDS[COMP_CWORD]} candidates=()
  # The knobs typed (./build/knobs, ~/bin/knobs) answers for itself, else the one on PATH.
  [[ $knobs == "~/"* ]] && knobs=$HOME/${knobs#"~/"}
  [[ -x $knobs && $knobs == */* ]] || knobs=knobs
  COMPREPLY=()
  mapfile -t candidates < <(timeout 2 "$knobs" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
  if [[ ${candidates[0]-} == :files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$current")
    return 0
  fi
  COMPREPLY=("${candidates[@]}")
  # A folder of paths (appearance/) goes on without a space.
  if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == */ ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}
complete -F _knobs knobs
