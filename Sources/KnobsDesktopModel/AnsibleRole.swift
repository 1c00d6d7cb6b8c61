import FoundationEssentials
import KnobsModel

/// An Ansible role that installs exported settings as a dconf *site* database on the machines
/// it runs on, the way an administrator sets defaults (and locks) for every user there:
///
/// - the keyfile in `/etc/dconf/db/site.d/`, and with locks its `locks/` file;
/// - `system-db:site` in the dconf profile `/etc/dconf/profile/user`, after `user-db:user`;
/// - a handler that runs `dconf update` when either file changed.
///
/// Every path is under the variable `knobs_root` (`/` by default), so the role can be tried on a
/// folder first. The database's name, the profile's and the keyfile's are variables too.
/// The settings travel as files the role copies, never as templates: a value holding `{{` is
/// written as it is.
package struct AnsibleRole: Sendable, Equatable {
  /// The dconf keyfile (`DconfKeyfile.text`).
  package var keyfile: String
  /// The locks file (`DconfKeyfile.locks`), or nil for a role that locks nothing.
  package var locks: String?

  package init(keyfile: String, locks: String?) {
    self.keyfile = keyfile
    self.locks = locks
  }

  /// Each file of the role: its path inside the role's folder, and its text.
  package var files: [(path: String, text: String)] {
    var files: [(path: String, text: String)] = [
      ("README.md", readme),
      ("defaults/main.yml", defaults),
      ("tasks/main.yml", tasks),
      ("handlers/main.yml", handlers),
      ("files/settings", keyfile),
    ]
    if let locks { files.append(("files/locks", locks)) }
    return files
  }

  /// Writes the role into the new folder `folder` (or an empty one), whole or not at all; nil
  /// when written, else why not, in words.
  package func save(to folder: String) -> String? {
    do {
      try SafeFiles.writeFolder(files.map { ($0.path, Data($0.text.utf8)) }, to: folder)
      return nil
    } catch {
      return tr("%1$s could not be written: %2$s.", folder, error.description)
    }
  }

  private var readme: String {
    """
    # Site settings exported by Knobs

    This role installs a dconf system database holding the settings in
    `files/settings`\(locks == nil ? "" : ", and locks the keys `files/locks` names").
    Each user's own values still win over it\(locks == nil ? "" : ", except for locked keys").

    Variables (see `defaults/main.yml`):

    - `knobs_root`: where the files go, `/` on a real machine; any folder to try the role.
    - `knobs_dconf_database`: the database's name (`site`): `/etc/dconf/db/site.d/`.
    - `knobs_dconf_profile`: the dconf profile that reads it (`user`).
    - `knobs_dconf_keyfile`: the keyfile's name in the database's folder (`50-knobs`).

    The machines need the `dconf` command (Debian's `dconf-cli`). Users see the new
    defaults at their next login.

    """
  }

  private var defaults: String {
    """
    ---
    # Where the files go: "/" on a real machine, any folder to try the role out.
    knobs_root: /
    # The system database: /etc/dconf/db/NAME.d/ holds its keyfiles, "system-db:NAME" names it in the profile.
    knobs_dconf_database: site
    # The dconf profile that reads the database (/etc/dconf/profile/NAME; "user" is everyone's).
    knobs_dconf_profile: user
    # The keyfile's name in the database's folder (and the locks file's in its locks/ folder).
    knobs_dconf_keyfile: 50-knobs
    # /etc/dconf under knobs_root.
    knobs_dconf_folder: "{{ knobs_root | regex_replace('/+$', '') }}/etc/dconf"

    """
  }

  private var tasks: String {
    var text = """
      ---
      - name: The database, profile and keyfile names are plain names
        ansible.builtin.assert:
          that:
            - knobs_dconf_database is match('^[A-Za-z0-9_-]+$')
            - knobs_dconf_profile is match('^[A-Za-z0-9_-]+$')
            - knobs_dconf_keyfile is match('^[A-Za-z0-9_.-]+$')
            - not knobs_dconf_keyfile.startswith('.')
          fail_msg: knobs_dconf_database, knobs_dconf_profile and knobs_dconf_keyfile must be names, not paths.

      - name: The database's keyfile folder is there
        ansible.builtin.file:
          path: "{{ knobs_dconf_folder }}/db/{{ knobs_dconf_database }}.d"
          state: directory
          mode: "0755"

      - name: The exported settings are the database's keyfile
        ansible.builtin.copy:
          src: settings
          dest: "{{ knobs_dconf_folder }}/db/{{ knobs_dconf_database }}.d/{{ knobs_dconf_keyfile }}"
          mode: "0644"
        notify: Compile the dconf databases

      """
    if locks != nil {
      text += """

        - name: The database's locks folder is there
          ansible.builtin.file:
            path: "{{ knobs_dconf_folder }}/db/{{ knobs_dconf_database }}.d/locks"
            state: directory
            mode: "0755"

        - name: The exported keys are locked
          ansible.builtin.copy:
            src: locks
            dest: "{{ knobs_dconf_folder }}/db/{{ knobs_dconf_database }}.d/locks/{{ knobs_dconf_keyfile }}"
            mode: "0644"
          notify: Compile the dconf databases

        """
    }
    text += """

      - name: The profiles folder is there
        ansible.builtin.file:
          path: "{{ knobs_dconf_folder }}/profile"
          state: directory
          mode: "0755"

      - name: The profile reads each user's own database first
        ansible.builtin.lineinfile:
          path: "{{ knobs_dconf_folder }}/profile/{{ knobs_dconf_profile }}"
          line: user-db:user
          insertbefore: BOF
          create: true
          mode: "0644"

      - name: The profile reads the site database below it
        ansible.builtin.lineinfile:
          path: "{{ knobs_dconf_folder }}/profile/{{ knobs_dconf_profile }}"
          line: "system-db:{{ knobs_dconf_database }}"
          insertafter: "^user-db:"

      """
    return text
  }

  private var handlers: String {
    """
    ---
    - name: Compile the dconf databases
      ansible.builtin.command:
        argv: [dconf, update, "{{ knobs_dconf_folder }}/db"]
      changed_when: true

    """
  }
}
