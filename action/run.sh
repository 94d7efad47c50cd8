#!/usr/bin/env bash
# The steps of the agent-contract GitHub Action (action.yml), as one script so a test can run them with the same inputs
# outside GitHub. Inputs come as environment variables; the Markdown goes to $GITHUB_STEP_SUMMARY and to the comment
# file, the exit code the CLI would give to $GITHUB_OUTPUT (`exit-code`), so that the SARIF upload and the comment still
# run before the job fails on it.
#
#   AC_PROJECT         the project folder to audit (default .)
#   AC_FAIL_ON         --fail-on for the audit ('' keeps the configuration's or the default)
#   AC_SARIF_FILE      where to write the audit's SARIF ('' for none)
#   AC_SERVER_COMMAND  the command that starts the stdio server ('' skips the contract diff)
#   AC_BASE_REF        the commit to compare the contract against (the pull request's base)
#   AC_SETUP_COMMAND   run in the base's worktree before its snapshot (default: link the head's node_modules)
#   AC_OUT             the folder for the summaries, SARIF and contracts (default $RUNNER_TEMP/agent-contract)
#   AGENT_CONTRACT     how to run the CLI (default: npx --no-install agent-contract)
set -uo pipefail

project="${AC_PROJECT:-.}"
out="${AC_OUT:-${RUNNER_TEMP:-/tmp}/agent-contract}"
cli="${AGENT_CONTRACT:-npx --no-install agent-contract}"
summary_file="${GITHUB_STEP_SUMMARY:-/dev/null}"
mkdir -p "$out"
: > "$out/comment.md"

# The worst of two exit codes: 2 (could not look) over 1 (found something) over 0.
worst() { if [ "$1" -eq 2 ] || [ "$2" -eq 2 ]; then echo 2; elif [ "$1" -eq 1 ] || [ "$2" -eq 1 ]; then echo 1; else echo 0; fi; }

fail_on=()
if [ -n "${AC_FAIL_ON:-}" ]; then fail_on=(--fail-on "$AC_FAIL_ON"); fi

$cli audit "$project" --format summary "${fail_on[@]}" > "$out/audit.md" 2> "$out/audit.err"
code=$?
cat "$out/audit.err" >&2
if [ "$code" -eq 2 ] && [ -s "$out/audit.err" ]; then
  { echo; echo '```'; cat "$out/audit.err"; echo '```'; } >> "$out/audit.md"
fi
cat "$out/audit.md" >> "$out/comment.md"

if [ -n "${AC_SARIF_FILE:-}" ]; then
  $cli audit "$project" --format sarif --fail-on never --allow-unknown --allow-errors > "$AC_SARIF_FILE" || code=2
fi

if [ -n "${AC_SERVER_COMMAND:-}" ]; then
  read -r -a server <<< "$AC_SERVER_COMMAND"
  base_ref="${AC_BASE_REF:?AC_BASE_REF (the pull request base) is needed to diff the contract}"
  base_tree="$out/base"
  rm -rf "$base_tree"
  git worktree add --detach "$base_tree" "$base_ref" > /dev/null 2>&1 || { echo "agent-contract action: cannot check out $base_ref; fetch it (actions/checkout with fetch-depth: 0)" >&2; code=2; }
  if [ -d "$base_tree" ]; then
    (
      cd "$base_tree" || exit 2
      if [ -n "${AC_SETUP_COMMAND:-}" ]; then bash -c "$AC_SETUP_COMMAND"
      elif [ -d "$OLDPWD/node_modules" ] && [ ! -e node_modules ]; then ln -s "$OLDPWD/node_modules" node_modules; fi
      $cli contract snapshot --out "$out/base-contract.json" -- "${server[@]}" > /dev/null
    )
    base_code=$?
    $cli contract snapshot --out "$out/head-contract.json" -- "${server[@]}" > /dev/null
    head_code=$?
    git worktree remove --force "$base_tree" > /dev/null 2>&1
    if [ "$base_code" -ne 0 ] || [ "$head_code" -ne 0 ]; then
      code=2
    else
      $cli contract diff --base "$out/base-contract.json" --head "$out/head-contract.json" --format summary > "$out/contract.md"
      code=$(worst "$code" $?)
      { echo; cat "$out/contract.md"; } >> "$out/comment.md"
    fi
  fi
fi

cat "$out/comment.md" >> "$summary_file"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "exit-code=$code"; echo "comment-file=$out/comment.md"; } >> "$GITHUB_OUTPUT"
fi
echo "$code" > "$out/exit-code"
exit 0
