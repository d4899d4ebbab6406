//! The parameter of a search policy as users write it after the colon: a
//! budget, then `key=value` settings, e.g. `mcts:1000,c=0.7,cap=300`.

/// A budget and its settings, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// The number before the first comma.
    pub budget: u64,
    settings: Vec<(String, String)>,
}

impl SearchParams {
    /// Parses `N[,key=value...]` for the policy `policy`, whose budget is
    /// described as `budget_name` in messages, allowing the keys `keys`.
    ///
    /// ```
    /// use ludus::policies::search_params::SearchParams;
    /// let p = SearchParams::parse("mcts", "playouts", Some("500,c=0.5"), &["c", "cap"]).unwrap();
    /// assert_eq!(p.budget, 500);
    /// assert_eq!(p.float("c", 1.4).unwrap(), 0.5);
    /// assert_eq!(p.int("cap", 200).unwrap(), 200);
    /// assert!(SearchParams::parse("mcts", "playouts", Some("500,k=1"), &["c"]).is_err());
    /// ```
    pub fn parse(
        policy: &str,
        budget_name: &str,
        param: Option<&str>,
        keys: &[&str],
    ) -> Result<SearchParams, String> {
        let usage = format!(
            "policy `{policy}` takes its {budget_name} and optional settings: {policy}:N{}",
            keys.iter()
                .map(|k| format!("[,{k}=...]"))
                .collect::<String>()
        );
        let param = param.ok_or_else(|| usage.clone())?;
        let mut parts = param.split(',').map(str::trim);
        let first = parts.next().unwrap_or("");
        let budget: u64 = first.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            format!("{usage}; `{first}` is not a whole number of {budget_name} of at least 1")
        })?;
        let mut settings: Vec<(String, String)> = Vec::new();
        for part in parts {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("{usage}; `{part}` is not key=value"))?;
            let (k, v) = (k.trim(), v.trim());
            if !keys.contains(&k) {
                return Err(format!(
                    "policy `{policy}` has no setting `{k}` (settings: {})",
                    keys.join(", ")
                ));
            }
            if settings.iter().any(|(x, _)| x == k) {
                return Err(format!("policy `{policy}`: `{k}` is given twice"));
            }
            settings.push((k.to_string(), v.to_string()));
        }
        Ok(SearchParams { budget, settings })
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A positive finite number setting, or its default.
    pub fn float(&self, key: &str, default: f64) -> Result<f64, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("setting `{key}` takes a number of at least 0, not `{v}`")),
        }
    }

    /// A whole-number setting of at least 1, or its default.
    pub fn int(&self, key: &str, default: u64) -> Result<u64, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v.parse::<u64>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                format!("setting `{key}` takes a whole number of at least 1, not `{v}`")
            }),
        }
    }
}
