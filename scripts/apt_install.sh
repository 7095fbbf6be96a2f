# Sourced by the scripts that install Debian packages (deps.sh, cross.sh, package.sh).
#
# apt_install PACKAGE...: refreshes the package lists, then installs. A failed `apt-get update`
# (one mirror out of step, a hash mismatch on one list) is only a warning: the lists already
# there often hold what is needed. Only a failed install is an error, and it names the packages.
apt_install() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq; then
    echo "warning: apt-get update failed (a mirror may be out of step); installing from the package lists there are" >&2
  fi
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null; then
    echo "error: apt-get install $* failed" >&2
    return 1
  fi
}
