# bash completion for knobs. Knobs answers itself (knobs __complete WORD…): its commands and
# options, every row's path (knobs get appearance/<Tab>), schema/SCHEMA-ID/KEY and
# schema/SCHEMA-ID:/FOLDER/KEY, the installed extensions' uuids and the custom shortcuts' names,
# one folder of a path at a time. Installed as share/bash-completion/completions/knobs, which
# bash-completion loads on first use.

# The words of the command line up to the cursor as the shell will pass them (quotes and
# backslashes taken off, not split at ":" or "="), into the array _knobs_words; the last is the
# word being completed. _knobs_kept is the start of that word readline keeps (it replaces
# only what follows the last ":", "=" or quote), _knobs_quoted the quote (' or ") the word is
# inside, if any. Nothing is run: no eval.
_knobs_split() {
  # Bytes, not characters: each step is then quick, and what matters here is ASCII.
  local LC_ALL=C rest=$1 word='' quote='' started='' chunk c next
  _knobs_words=() _knobs_kept='' _knobs_quoted=''
  # A run of ordinary characters is taken at once: a long word costs no more than a short one.
  while [[ -n $rest ]]; do
    if [[ $quote == "'" ]]; then
      chunk=${rest%%"'"*}
      word+=$chunk rest=${rest:${#chunk}}
      [[ -n $rest ]] && quote='' rest=${rest:1} _knobs_kept=$word
      continue
    fi
    if [[ $quote == '"' ]]; then
      chunk=${rest%%[\"\\]*}
    else
      chunk=${rest%%[\"\'\\:=[:space:]]*}
    fi
    word+=$chunk rest=${rest:${#chunk}}
    [[ -n $chunk ]] && started=1
    [[ -n $rest ]] || break
    c=${rest:0:1} next=${rest:1:1} rest=${rest:1}
    if [[ $c == '\' ]]; then
      # Inside double quotes a backslash escapes only $ ` " \ (and is kept before anything else).
      if [[ $quote == '"' && $next != '$' && $next != '`' && $next != '"' && $next != '\' ]]; then
        word+='\'
      else
        word+=$next rest=${rest:1}
      fi
      started=1
    elif [[ $quote == '"' ]]; then
      quote='' _knobs_kept=$word
    elif [[ $c == "'" || $c == '"' ]]; then
      quote=$c started=1 _knobs_kept=$word
    elif [[ $c == ':' || $c == '=' ]]; then
      word+=$c started=1 _knobs_kept=$word
    else
      [[ -n $started ]] && _knobs_words+=("$word")
      word='' started='' _knobs_kept=''
    fi
  done
  _knobs_words+=("$word")
  _knobs_quoted=$quote
  return 0
}

# The text into _knobs_reply, quoted for where it goes: after an open single quote (' ends it,
# closed by '\''), after an open double quote (\ before $ ` " \, and ! between single quotes, as
# history expansion would take it even there) or else as printf %q quotes it. The quote the
# word is in is closed at the end, so readline adds no quote of its own.
_knobs_quote() {
  local text=$1 q="'" b='\' d='"'
  case $_knobs_quoted in
    "'")
      _knobs_reply=${text//"$q"/"$q$b$q$q"}$q
      ;;
    '"')
      text=${text//"$b"/"$b$b"}
      text=${text//"$"/"$b$"}
      text=${text//"\`"/"$b\`"}
      text=${text//"$d"/"$b$d"}
      _knobs_reply=${text//"!"/"$d$q!$q$d"}$d
      ;;
    *)
      _knobs_reply=''
      [[ -z $text ]] || printf -v _knobs_reply %q "$text"
      ;;
  esac
}

_knobs() {
  local knobs=${COMP_WORDS[0]} line=${COMP_LINE-} candidates=() candidate _knobs_reply
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
  # Knobs offers nothing for a word over 1 KB: a line over 4 KB is not read at all (one of
  # thousands of quotes or colons would take bash a moment).
  ((${#line} <= 4096)) || return 0
  _knobs_split "$line"
  mapfile -t candidates < <(timeout 2 "$knobs" __complete "${_knobs_words[@]:1}" 2>/dev/null)
  if [[ ${candidates[0]-} == :files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "${_knobs_words[-1]}")
    return 0
  fi
  # Readline replaces the part after the kept start with the reply as it is: each reply is quoted
  # here, for the quote the word is in, so that the shell passes knobs the candidate byte for
  # byte and expands nothing (` $ ~ * ! ; and the rest are taken as they are). Readline is not
  # asked to quote (no -o filenames): it leaves $, ` and ( as they are.
  for candidate in "${candidates[@]}"; do
    candidate=${candidate#"$_knobs_kept"}
    _knobs_quote "$candidate"
    COMPREPLY+=("$_knobs_reply")
  done
  # A folder of paths (appearance/) or a relocatable schema (ID:) goes on without a space.
  if ((${#COMPREPLY[@]} == 1)) && [[ ${candidates[0]} == */ || ${candidates[0]} == *: ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}
complete -F _knobs knobs
