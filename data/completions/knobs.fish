# fish completion for knobs. Knobs answers itself (knobs __complete WORD…): its commands and
# options, every row's path (knobs get appearance/<Tab>), schema/SCHEMA-ID/KEY and
# schema/SCHEMA-ID:/FOLDER/KEY, the installed extensions' uuids and the custom shortcuts' names, one
# folder of a path at a time. Installed as share/fish/vendor_completions.d/knobs.fish.
function __knobs_complete
    set -l before (commandline -opc)
    # The word as knobs will see it: quotes and backslashes taken off (fish quotes what it inserts).
    set -l current (commandline -ct | string unescape | string collect)
    set -q current[1]; or set current ""
    # The knobs typed (./build/knobs) answers for itself, else the one on PATH.
    set -l knobs knobs
    if string match -q -- '*/*' $before[1]; and test -x $before[1]
        set knobs $before[1]
    end
    set -e before[1]
    set -l candidates (timeout 2 $knobs __complete $before $current 2>/dev/null)
    if test "$candidates[1]" = ":files"
        __fish_complete_path $current
        return
    end
    printf '%s\n' $candidates
end
complete -c knobs -f -a '(__knobs_complete)'
