# bash completion for knobs. Knobs answers itself (knobs __complete WORD…): its commands and
# options, every row's path (knobs get appearance/<Tab>), schema/SCHEMA-ID/KEY and
# schema/SCHEMA-ID:/FOLDER/KEY, the installed extensions' uuids and the custom shortcuts' names,
# one folder of a path at a time. Installed as share/bash-completion/completions/knobs, which
# bash-completion loads on first use.

# The words of the command line up to the cursor as the shell will pass them (quotes and
# backslashes taken off, not split at ":" or "="), into the array _knobs_words; the last is the
# word being completed. _knobs_kept is how much of that word's start readline keeps (it
# replaces only what follows the last ":", "=" or quote), _knobs_quoted whether
# the word is inside quotes. Nothing is run: no eval.
_knobs_split() {
  local line=$1 word='' quote='' started='' c next i
  _knobs_words=() _knobs_kept=0 _knobs_quoted=''
  for ((i = 0; i < ${#line}; i++)); do
    c=${line:i:1}
    if [[ $quote == "'" ]]; then
      if [[ $c == "'" ]]; then quote='' _knobs_kept=${#word}; else word+=$c; fi
    elif [[ $c == '\' ]]; then
      next=${line:i+1:1}
      # Inside double quotes a backslash escapes only $ ` " \ (and is kept before anything else).
      if [[ $quote == '"' && $next != '$' && $next != '`' && $next != '"' && $next != '\' ]]; then
        word+='\'
      else
        word+=$next
        ((i++))
      fi
      started=1
    elif [[ $quote == '"' ]]; then
      if [[ $c == '"' ]]; then quote='' _knobs_kept=${#word}; else word+=$c; fi
    elif [[ $c == "'" || $c == '"' ]]; then
      quote=$c started=1 _knobs_kept=${#word}
    elif [[ $c == [[:space:]] ]]; then
      [[ -n $started ]] && _knobs_words+=("$word")
      word='' started='' _knobs_kept=0
    else
      word+=$c started=1
      [[ $c == ':' || $c == '=' ]] && _knobs_kept=${#word}
    fi
  done
  _knobs_words+=("$word")
  [[ -n $quote ]] && _knobs_quoted=1
  return 0
}

_knobs() {
  local knobs=${COMP_WORDS[0]} line=${COMP_LINE-} candidates=() candidate quote=''
  # Bash sets the line; a caller that sets only the words (a test) has them joined.
  if [[ -n $line ]]; then
    line=${line:0:${COMP_POINT:-${#line}}}
  else
    line="${COMP_WORDS[*]:0:COMP_CWORD+1}"
  fi
  # The knobs typed (./build/knobs, ~/bin/knobs) answers for itself, else the one on PATH.
  [[ $knobs == "~/"* ]] && knobs=$HOME/${knobs#"~/"}
  [[ -x $knobs && $knobs == */* ]] || knobs=knobs
  COMPREPLY=()
  # Knobs offers nothing for a word over 1 KB: a longer line is not read a character at a time.
  ((${#line} <= 16384)) || return 0
  _knobs_split "$line"
  mapfile -t candidates < <(timeout 2 "$knobs" __complete "${_knobs_words[@]:1}" 2>/dev/null)
  if [[ ${candidates[0]-} == :files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "${_knobs_words[-1]}")
    return 0
  fi
  # Readline replaces the part after the kept start; names with spaces or quotes are quoted by
  # readline itself (-o filenames), as the typed word's quotes call for.
  for candidate in "${candidates[@]}"; do
    COMPREPLY+=("${candidate:_knobs_kept}")
    [[ $candidate == *[!A-Za-z0-9_./:@+,=-]* ]] && quote=1
  done
  if [[ -n $quote || -n $_knobs_quoted ]]; then
    compopt -o filenames 2>/dev/null
  fi
  # A folder of paths (appearance/) or a relocatable schema (ID:) goes on without a space.
  if ((${#COMPREPLY[@]} == 1)) && [[ ${candidates[0]} == */ || ${candidates[0]} == *: ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}
complete -F _knobs knobs
